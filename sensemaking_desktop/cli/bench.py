"""`sensemaking bench`: benchmarks that print JSON figures."""

import json
from pathlib import Path

import click

from sensemaking_desktop.cli.context import AppContext, pass_app
from sensemaking_desktop.cli.model_check import usable_engine
from sensemaking_desktop.cli.output import cancel_on_interrupt, item_progress, model_option, print_json
from sensemaking_desktop.errors import SensemakingError


@click.group()
def bench() -> None:
    """Measure speed, memory and reliability; each prints JSON."""


@bench.command("engine")
@model_option
@pass_app
def engine(app: AppContext, model: str | None) -> None:
    """Load time, engine overhead, prefix reuse and structured decoding speed."""
    from sensemaking_desktop.bench import engine as engine_bench

    print_json(engine_bench.run(usable_engine(app, model)))


@bench.command("teacher")
@model_option
@click.option("--count", default=6, show_default=True, type=click.IntRange(1, 50), help="Questions asked.")
@click.option("--types", "kinds", default="multiple_choice,open,true_false,cloze", show_default=True)
@click.option(
    "--text", "text_path", type=click.Path(dir_okay=False, path_type=Path), help="Material (default: sample)."
)
@click.option(
    "--answer-first/--question-first",
    default=False,
    show_default=True,
    help="Open questions: the key chosen in the material first, or the model writing both.",
)
@click.option(
    "--read",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a reading sheet (Markdown): each kept item with its checks and passage, then the dropped.",
)
@pass_app
def teacher(
    app: AppContext,
    model: str | None,
    count: int,
    kinds: str,
    text_path: Path | None,
    answer_first: bool,
    read: Path | None,
) -> None:
    """Questions kept per minute, prompt tokens evaluated against the fewest needed, and the quiz's
    quality: share of drafts kept, keys cut inside a word, questions about the text, coverage,
    diversity and relevance (metrics teacher), seconds per kept question, drop reasons by kind.
    With --read, a reading sheet of the quiz for a reviewer to judge item by item."""
    from sensemaking_desktop.bench import roles as roles_bench
    from sensemaking_desktop.cli.roles import _kinds, read_text

    material = read_text(text_path) if text_path else None
    engine = usable_engine(app, model)
    print_json(roles_bench.teacher(engine, count, _kinds(kinds), material, answer_first, read))


@bench.command("student")
@model_option
@click.option(
    "--questions", default=8, show_default=True, type=click.IntRange(1, 50), help="Questions over the sample."
)
@click.option(
    "--items",
    "items_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="SQuAD 2.0 JSON lines (context, question, answers, is_impossible, optional passage_id) instead of the sample.",
)
@click.option("--limit", type=click.IntRange(1), help="Only the first N items of --items.")
@click.option(
    "--signals-out",
    "signals_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With --items: write each reply, its abstention signals and the rule's score here (JSON lines).",
)
@click.option(
    "--ask-model",
    is_flag=True,
    help="With --items: ask a small model too, whose answers the app extracts from the material instead.",
)
@pass_app
def student(
    app: AppContext,
    model: str | None,
    questions: int,
    items_path: Path | None,
    limit: int | None,
    signals_path: Path | None,
    ask_model: bool,
) -> None:
    """Answers per minute over one material, and prompt tokens evaluated against the fewest needed.

    With --items: also the share of unanswerable questions refused and ROUGE-L recall of the
    best reference on the answerable ones (a refusal counts 0), with the abstention rule and by
    the model's own "answerable" alone."""
    from sensemaking_desktop.bench import abstention
    from sensemaking_desktop.bench import roles as roles_bench

    if items_path is None:
        if limit is not None or signals_path is not None or ask_model:
            raise click.UsageError("--limit, --signals-out and --ask-model go with --items.")
        print_json(roles_bench.student(usable_engine(app, model), questions))
        return
    items = abstention.read_items(items_path)
    loaded = usable_engine(app, model)
    try:
        signals_out = signals_path.open("w", encoding="utf-8") if signals_path else None
    except OSError as error:
        raise SensemakingError(f"Cannot write {signals_path}: {error.strerror or error}.") from error
    try:
        with cancel_on_interrupt() as cancel, item_progress("Answering") as update:
            figures = roles_bench.student_items(
                loaded,
                items,
                items_path,
                limit=limit,
                signals_out=signals_out,
                on_item=lambda done, total: update(done, total, ""),
                cancel=cancel,
                extractive=False if ask_model else None,
            )
    finally:
        if signals_out is not None:
            signals_out.close()
    print_json(figures)


@bench.command("abstention")
@click.argument("signals_paths", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--check",
    "check_paths",
    multiple=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="A signals file only scored with the rule found, not fitted on (repeatable).",
)
def abstention_fit(signals_paths: tuple[Path, ...], check_paths: tuple[Path, ...]) -> None:
    """Refit the Student's abstention rule (roles/abstention.py) on signals files written by
    `bench student --items --signals-out`: non-negative weights and bias of a logistic
    regression on the replies the models called answerable, and the lowest threshold that
    refuses 85% of the files' unanswerable questions; prints them with the figures they give
    on those files (no model is run). Copy them into roles/abstention.py (WEIGHTS, BIAS, THRESHOLD)."""
    from sensemaking_desktop.bench import abstention

    checked = abstention.read_replies(check_paths)
    print_json(abstention.fit(abstention.read_replies(signals_paths), checked=checked))


@bench.command("structured")
@model_option
@click.option("--calls", default=200, show_default=True, help="Number of structured calls.")
@pass_app
def structured(app: AppContext, model: str | None, calls: int) -> None:
    """Reliability of schema-constrained output: unparseable outputs and typed errors."""
    from sensemaking_desktop.bench import structured as structured_bench

    loaded = usable_engine(app, model)
    with cancel_on_interrupt() as cancel, item_progress("structured calls") as update:
        figures = structured_bench.run(
            loaded, calls, on_call=lambda done, total: update(done, total, ""), cancel=cancel
        )
    print_json(figures)


def _levels(value: str) -> list[int]:
    try:
        levels = [int(part) for part in value.split(",") if part.strip()]
    except ValueError as error:
        raise click.BadParameter("use a comma-separated list of numbers, e.g. 1,4,16") from error
    if not levels or any(level < 1 or level > 256 for level in levels):
        raise click.BadParameter("each level must be between 1 and 256")
    return levels


@bench.command("backends")
@model_option
@click.option("--parallel", "levels", default="1,4", show_default=True, help="Requests at once, per level.")
@click.option("--items", default=8, show_default=True, type=click.IntRange(1, 1000), help="Student answers per level.")
@click.option(
    "--text",
    "text_path",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="Answer over this plain text instead of the water-cycle sample.",
)
@pass_app
def backends(app: AppContext, model: str | None, levels: str, items: int, text_path: Path | None) -> None:
    """Student answers per minute and tokens per second at each level of concurrency (for servers)."""
    from sensemaking_desktop.bench import backends as backends_bench

    material = text_path.read_text(encoding="utf-8") if text_path else None
    loaded = usable_engine(app, model)
    with cancel_on_interrupt() as cancel:
        print_json(backends_bench.run(loaded, _levels(levels), items, material=material, cancel=cancel))


@bench.command("ingest")
def ingest() -> None:
    """Documents, slides and pictures read per second, and speech-to-text speed and word error rate."""
    from sensemaking_desktop.bench import ingest as ingest_bench

    print_json(ingest_bench.run())


@bench.command("gui")
@click.option("--count", default=1, show_default=True, type=click.IntRange(1, 50), help="Questions per section.")
@click.option("--all-sections", is_flag=True, help="Write over every section of the sample (default: one).")
@click.option(
    "--platform",
    type=click.Choice(["xcb", "offscreen"]),
    help="Qt platform: xcb draws on an X display (xvfb-run -a gives one); default $QT_QPA_PLATFORM, else offscreen.",
)
def gui(count: int, all_sections: bool, platform: str | None) -> None:
    """Window start-up time and the longest event-loop stall while a quiz is written."""
    from sensemaking_desktop.gui import bench as gui_bench

    print_json(gui_bench.run(count, all_sections, platform))


@bench.command("embeddings")
@click.option("--texts", "count", default=512, show_default=True, type=click.IntRange(1, 6000), help="Texts to embed.")
def embeddings(count: int) -> None:
    """Load time, texts per second and peak memory of the ONNX and torch embedding backends."""
    from sensemaking_desktop.bench import embeddings as embeddings_bench

    print_json(embeddings_bench.run(count))


@bench.command("nli")
@click.argument("snli_path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--limit", type=click.IntRange(1), help="Only the first N labelled pairs.")
@click.option("--threads", type=click.IntRange(1, 64), default=2, show_default=True)
def nli(snli_path: Path, limit: int | None, threads: int) -> None:
    """The shipped NLI cross-encoder on SNLI-format JSON lines (sentence1, sentence2, gold_label):
    accuracy, accuracy per label and pairs per second. training/data.py fetches the SNLI test file."""
    from sensemaking_desktop.bench.nli import run_nli_bench

    print_json(run_nli_bench(snli_path, limit, threads=threads))


@bench.command("grading")
@click.argument("items_path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--fit",
    "fit_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Fit the combination on these items and write the coefficients here (no grading).",
)
@click.option(
    "--fit-gates",
    "gates_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Fit each gate's reliability on these items and write it into this file's 'gates' (no grading).",
)
@click.option(
    "--language",
    help="With --fit: the items' language (ISO code, e.g. de); the fit is written under 'languages' and "
    "used for questions in that language.",
)
@click.option("--no-model", is_flag=True, help="Only the checks that need no language model (fast, for big sets).")
@click.option(
    "--teacher-sample",
    type=click.FloatRange(0.01, 1.0),
    help="Simulate class grading: a teacher grades this share of each question's answers first.",
)
@click.option("--target", type=click.FloatRange(0.5, 0.999), default=0.95, show_default=True)
@click.option("--runs", type=click.IntRange(1, 1000), default=100, show_default=True, help="Seeds simulated.")
@click.option("--judge", type=click.Choice(["meaning", "trained", "cosine"]), default="cosine", show_default=True)
@click.option("--no-baseline", is_flag=True, help="Skip the nearest-neighbour baseline (half the time).")
@click.option("--curve", is_flag=True, help="Also print automatic share against agreement with no guarantee.")
@model_option
@pass_app
def grading(
    app: AppContext,
    items_path: Path,
    fit_path: Path | None,
    gates_path: Path | None,
    language: str | None,
    no_model: bool,
    teacher_sample: float | None,
    target: float,
    runs: int,
    judge: str,
    no_baseline: bool,
    curve: bool,
    model: str | None,
) -> None:
    """The Evaluator against human grades in JSON lines (question, answer, human_score,
    human_max; optionally reference, material, topic): Pearson, Spearman, QWK, AUC of correct
    (human >= 50% of the scale) against wrong, calibration, large errors caught by reviewing the
    least confident 20%, answers per minute and peak memory. With --fit, fit the combination
    instead, and with --fit-gates the gates' reliabilities (resources/grading/model.json is such
    a file; what is already in it and not fitted is kept). With --teacher-sample, simulate a
    teacher grading the class with the app instead (see the README's "Grading a class")."""
    from sensemaking_desktop.bench import grading as grading_bench

    items = grading_bench.read_items(items_path)
    if teacher_sample is not None:
        _simulate_class(items, teacher_sample, target, runs, judge, not no_baseline, curve)
        return
    if fit_path is not None or gates_path is not None:
        _fit_grading(items, fit_path, gates_path, language)
        return
    if no_model:
        with item_progress("Grading") as update:
            print_json(grading_bench.run_without_model(items, on_item=lambda done, total: update(done, total, "")))
        return
    loaded = usable_engine(app, model)
    with cancel_on_interrupt() as cancel, item_progress("Grading") as update:
        figures = grading_bench.run(loaded, items, on_item=lambda done, total: update(done, total, ""), cancel=cancel)
    print_json(figures)


def _fit_grading(items: list, fit_path: Path | None, gates_path: Path | None, language: str | None) -> None:
    """Fit the combination into `fit_path` (under `language` when given) or else the gates'
    reliabilities into `gates_path`, keeping what the file already holds, and print the fit."""
    from sensemaking_desktop.bench import grading as grading_bench

    with item_progress("Fitting") as update:

        def progress(done: int, total: int) -> None:
            update(done, total, "")

        if fit_path is not None:
            fitted = grading_bench.fit(items, on_item=progress)
            if "judged" in fitted:
                fitted = {"judged": _json_of(fit_path).get("judged", {}) | fitted["judged"]}
            elif language:
                fitted = {"languages": _json_of(fit_path).get("languages", {}) | {language.lower(): fitted}}
        else:
            fitted = {"gates": grading_bench.fit_gates(items, on_item=progress)}
    _merge_json(fit_path or gates_path, fitted)
    print_json(fitted)


def _simulate_class(
    items: list, share: float, target: float, runs: int, judge: str, baseline: bool, curve: bool
) -> None:
    from sensemaking_desktop.bench import class_grading
    from sensemaking_desktop.bench.class_grading import JUDGES

    def simulate(name: str) -> dict:
        with item_progress(f"Simulating ({name})") as update:
            return class_grading.simulate(
                items, JUDGES[name](), share=share, target=target, runs=runs,
                on_run=lambda done, total: update(done, total, ""),
            )  # fmt: skip

    figures = simulate(judge)
    if baseline and judge != "cosine":
        nearest = simulate("cosine")
        keys = ("teacher_actions_per_answer", "auto_share", "auto_agreement", "guarantee_held", "review_share")
        figures["baseline_nearest_neighbour"] = {key: nearest[key] for key in keys}
    if curve:
        figures["curve"] = class_grading.agreement_curve(items, JUDGES[judge](), share=share)
    print_json(figures)


@bench.command("class-grading")
@click.option("--questions", default=20, show_default=True, type=click.IntRange(1, 200), help="Questions in the class.")
@click.option("--answers", default=500, show_default=True, type=click.IntRange(3, 5000), help="Answers per question.")
@click.option("--actions", default=20, show_default=True, type=click.IntRange(1, 1000), help="Teacher actions timed.")
@click.option("--judge", type=click.Choice(["meaning", "trained", "cosine"]), default="cosine", show_default=True)
def class_grading_speed(questions: int, answers: int, actions: int, judge: str) -> None:
    """Seconds a teacher waits on a large class (default 20 questions x 500 answers, reworded from the
    shipped sample's keys, in a library of its own): the first plan once a tenth of each question is
    graded, then each action through the workspace `sensemaking class grade` opens (median, max),
    and peak memory."""
    import tempfile

    from sensemaking_desktop.bench import class_grading
    from sensemaking_desktop.store import open_store
    from sensemaking_desktop.workflows.class_grading import open_workspace

    with tempfile.TemporaryDirectory() as folder, open_store(Path(folder)) as store:
        quiz_id, grades = class_grading.build_large_class(store, questions=questions, answers=answers)
        figures = class_grading.time_teacher_actions(
            lambda: open_workspace(store, quiz_id, judge=judge), store, quiz_id, grades, actions=actions
        )
    print_json(figures | {"judge": judge})


def _json_of(path: Path) -> dict:
    """The JSON object in `path`, empty when there is no file yet."""
    try:
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except (OSError, ValueError) as error:
        raise SensemakingError(f"Cannot read {path}: {error}") from error


def _merge_json(path: Path, fitted: dict) -> None:
    """Write `fitted` into the JSON file at `path`, keeping its other keys (the data it names,
    the command, the part fitted by the other option)."""
    try:
        existing = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        path.write_text(json.dumps(existing | fitted, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except (OSError, ValueError) as error:
        raise SensemakingError(f"Cannot update {path}: {error}") from error
