<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AgreementPanel</name>
    <message>
        <source>Machine grades against human grades</source>
        <translation>Maschinelle Bewertungen im Vergleich zu menschlichen</translation>
    </message>
    <message>
        <source>Agreement per question</source>
        <translation>Übereinstimmung je Frage</translation>
    </message>
    <message>
        <source>No answer has both a person&apos;s and a machine grade yet.</source>
        <translation>Noch keine Antwort hat sowohl eine menschliche als auch eine maschinelle Bewertung.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) graded by you and by the app. You agree on right, partly right or wrong for %2 of them; the app&apos;s grades are typically %3 points from yours.</source>
        <translation>
            <numerusform>%n Antwort von Ihnen und von der App bewertet. Bei %2 davon stimmen Sie überein, ob richtig, teilweise richtig oder falsch; die Bewertung der App liegt %3 Punkte von Ihrer entfernt.</numerusform>
            <numerusform>%n Antworten von Ihnen und von der App bewertet. Bei %2 davon stimmen Sie überein, ob richtig, teilweise richtig oder falsch; die Bewertungen der App liegen typischerweise %3 Punkte von Ihren entfernt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Pearson %1, Spearman %2, quadratic weighted kappa %3, root mean square error %4.</source>
        <translation>Pearson %1, Spearman %2, quadratisch gewichtetes Kappa %3, Wurzel der mittleren quadratischen Abweichung %4.</translation>
    </message>
    <message>
        <source>Human grade</source>
        <translation>Menschliche Bewertung</translation>
    </message>
    <message>
        <source>Machine grade</source>
        <translation>Maschinelle Bewertung</translation>
    </message>
    <message>
        <source>Q%1</source>
        <translation>F%1</translation>
    </message>
    <message>
        <source>Same class (%)</source>
        <translation>Gleiche Klasse (%)</translation>
    </message>
</context>
<context>
    <name>AnswerInput</name>
    <message>
        <source>Choices</source>
        <translation>Antwortmöglichkeiten</translation>
    </message>
    <message>
        <source>Your answer for the gap</source>
        <translation>Ihre Antwort für die Lücke</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Ihre Antwort</translation>
    </message>
    <message>
        <source>true</source>
        <translation>wahr</translation>
    </message>
    <message>
        <source>false</source>
        <translation>falsch</translation>
    </message>
    <message>
        <source>A number</source>
        <translation>Eine Zahl</translation>
    </message>
    <message>
        <source>(choose)</source>
        <translation>(auswählen)</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Sensemaking Desktop</source>
        <translation>Sensemaking Desktop</translation>
    </message>
</context>
<context>
    <name>Area</name>
    <message>
        <source>Jobs</source>
        <translation>Aufträge</translation>
    </message>
    <message>
        <source>Quizzes</source>
        <translation>Quizze</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>Experimente</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Robustness &amp; metrics</source>
        <translation>Robustheit &amp; Metriken</translation>
    </message>
    <message>
        <source>Study</source>
        <translation>Lernen</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>Selbsttest</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Grading</source>
        <translation>Bewertung</translation>
    </message>
</context>
<context>
    <name>ClassWorkspacePanel</name>
    <message>
        <source>&amp;Open the class for grading</source>
        <translation>Klasse zum Bewerten &amp;laden</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Ne&amp;xt to grade (N)</source>
        <translation>Als Nächstes bewer&amp;ten (N)</translation>
    </message>
    <message>
        <source>Answer grou&amp;ps</source>
        <translation>Antwort&amp;gruppen</translation>
    </message>
    <message>
        <source>Suggestions to chec&amp;k</source>
        <translation>&amp;Zu prüfende Vorschläge</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>Grade</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Answer that stands for the group</source>
        <translation>Antwort, die für die Gruppe steht</translation>
    </message>
    <message>
        <source>Groups of answers, largest first</source>
        <translation>Gruppen von Antworten, größte zuerst</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>Vorschlag</translation>
    </message>
    <message>
        <source>Suggestions to check, the same grade together, largest first</source>
        <translation>Zu prüfende Vorschläge, gleiche Bewertung zusammen, größte zuerst</translation>
    </message>
    <message>
        <source>Student</source>
        <translation>Schüler</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Answers in the group</source>
        <translation>Antworten der Gruppe</translation>
    </message>
    <message>
        <source>The answer in focus</source>
        <translation>Die Antwort im Fokus</translation>
    </message>
    <message>
        <source>0-100, then Enter</source>
        <translation>0-100, dann Enter</translation>
    </message>
    <message>
        <source>Gi&amp;ve this grade</source>
        <translation>Diese Bewertung &amp;vergeben</translation>
    </message>
    <message>
        <source>&amp;Split off (S)</source>
        <translation>A&amp;btrennen (S)</translation>
    </message>
    <message>
        <source>&amp;Move to group… (M)</source>
        <translation>In Gruppe verschieben… (&amp;M)</translation>
    </message>
    <message>
        <source>Con&amp;firm these suggestions</source>
        <translation>&amp;Diese Vorschläge bestätigen</translation>
    </message>
    <message>
        <source>Grades of the class, a row per student</source>
        <translation>Bewertungen der Klasse, eine Zeile pro Schüler</translation>
    </message>
    <message>
        <source>● your grade · ◆ your group action · A automatic · ? suggestion to review</source>
        <translation>● Ihre Bewertung · ◆ Ihre Aktion für eine Gruppe · A automatisch · ? Vorschlag zum Prüfen</translation>
    </message>
    <message>
        <source>&amp;Export final grades…</source>
        <translation>Endgültige Bewertungen &amp;exportieren…</translation>
    </message>
    <message>
        <source>Export for a gra&amp;debook…</source>
        <translation>Für ein &amp;Notenbuch exportieren…</translation>
    </message>
    <message>
        <source>Questio&amp;n:</source>
        <translation>F&amp;rage:</translation>
    </message>
    <message>
        <source>Ans&amp;wers in the group:</source>
        <translation>Ant&amp;worten der Gruppe:</translation>
    </message>
    <message>
        <source>G&amp;rade:</source>
        <translation>Bewert&amp;ung:</translation>
    </message>
    <message>
        <source>&amp;Class, a row per student:</source>
        <translation>Klasse, eine Zeile &amp;pro Schüler:</translation>
    </message>
    <message>
        <source>Choose a quiz.</source>
        <translation>Wählen Sie ein Quiz.</translation>
    </message>
    <message>
        <source>This quiz has no answers from people yet: import a class&apos;s answers (CSV) above.</source>
        <translation>Dieses Quiz hat noch keine Antworten von Menschen: Importieren Sie oben die Antworten einer Klasse (CSV).</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s)</source>
        <translation>
            <numerusform>%n Antwort</numerusform>
            <numerusform>%n Antworten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n student(s).</source>
        <translation>
            <numerusform>von %n Schüler.</numerusform>
            <numerusform>von %n Schülern.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the class to see its answers in groups and grade them.</source>
        <translation>Laden Sie die Klasse, um ihre Antworten in Gruppen zu sehen und zu bewerten.</translation>
    </message>
    <message>
        <source>&amp;Update the grades</source>
        <translation>Bewertungen a&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Type a grade and press Enter to give it to the group in focus; N shows what to grade next.</source>
        <translation>Tippen Sie eine Bewertung und drücken Sie Enter, um sie der Gruppe im Fokus zu geben; N zeigt, was als Nächstes zu bewerten ist.</translation>
    </message>
    <message>
        <source>Loading the grading model and grouping the answers…</source>
        <translation>Das Bewertungsmodell wird geladen und die Antworten werden gruppiert…</translation>
    </message>
    <message>
        <source>The class is graded again from your grades.</source>
        <translation>Die Klasse wurde anhand Ihrer Bewertungen neu bewertet.</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>In Arbeit…</translation>
    </message>
    <message>
        <source>Still working on the last step; try again in a moment.</source>
        <translation>Der letzte Schritt läuft noch; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Answers differ by</source>
        <translation>Unterschied der Antworten</translation>
    </message>
    <message>
        <source>How far in meaning the group&apos;s least alike answer is from the one that stands for it: 0 when all say it in the same words.</source>
        <translation>Wie weit die am wenigsten ähnliche Antwort der Gruppe inhaltlich von der Antwort entfernt ist, die für sie steht: 0, wenn alle es mit denselben Worten sagen.</translation>
    </message>
    <message>
        <source>Q%1: %2</source>
        <translation>F%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>No suggestion yet — %n answer(s)</source>
        <translation>
            <numerusform>Noch kein Vorschlag — %n Antwort</numerusform>
            <numerusform>Noch kein Vorschlag — %n Antworten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Suggested %1 — %n answer(s)</source>
        <translation>
            <numerusform>Vorgeschlagen %1 — %n Antwort</numerusform>
            <numerusform>Vorgeschlagen %1 — %n Antworten</numerusform>
        </translation>
    </message>
    <message>
        <source>yours, %1 to %2</source>
        <translation>Ihre, %1 bis %2</translation>
    </message>
    <message>
        <source>%1 of %2 yours</source>
        <translation>%1 von %2 von Ihnen</translation>
    </message>
    <message>
        <source>mixed, %1 to %2</source>
        <translation>gemischt, %1 bis %2</translation>
    </message>
    <message>
        <source>Not graded yet.</source>
        <translation>Noch nicht bewertet.</translation>
    </message>
    <message>
        <source>Your grade, given to a group of answers in one action: %1.</source>
        <translation>Ihre Bewertung, in einer Aktion einer Gruppe von Antworten gegeben: %1.</translation>
    </message>
    <message>
        <source>Your grade: %1.</source>
        <translation>Ihre Bewertung: %1.</translation>
    </message>
    <message>
        <source>Automatic grade %1 (confidence %2): %3</source>
        <translation>Automatische Bewertung %1 (Konfidenz %2): %3</translation>
    </message>
    <message>
        <source>Suggested grade %1, to review (confidence %2): %3</source>
        <translation>Vorgeschlagene Bewertung %1, zu prüfen (Konfidenz %2): %3</translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation>Frage: %1</translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation>Musterantwort: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Answer by %1: %2</source>
        <translation>Antwort von %1: %2</translation>
    </message>
    <message>
        <source>Q%1</source>
        <translation>F%1</translation>
    </message>
    <message>
        <source>Enter confirms the suggestions of the group in focus; a number and Enter gives it that grade instead. Right walks through its answers, to grade or confirm one alone.</source>
        <translation>Enter bestätigt die Vorschläge der gewählten Gruppe; eine Zahl und Enter gibt ihr stattdessen diese Bewertung. Mit der Pfeiltaste nach rechts gehen Sie ihre Antworten durch, um eine allein zu bewerten oder zu bestätigen.</translation>
    </message>
    <message>
        <source>Nothing to check for this question: no answer has a suggested grade.</source>
        <translation>Für diese Frage gibt es nichts zu prüfen: Keine Antwort hat eine vorgeschlagene Bewertung.</translation>
    </message>
    <message>
        <source>Every group has a grade of yours: check the suggestions for the rest, the same grade together. Enter confirms a group of them; a number and Enter gives a grade instead.</source>
        <translation>Jede Gruppe hat eine Bewertung von Ihnen: Prüfen Sie die Vorschläge für die übrigen Antworten, gleiche Bewertungen zusammen. Enter bestätigt eine Gruppe davon; eine Zahl und Enter vergibt stattdessen eine Bewertung.</translation>
    </message>
    <message>
        <source>Type a grade from 0 to 100 first, then press Enter.</source>
        <translation>Tippen Sie zuerst eine Bewertung von 0 bis 100 und drücken Sie dann Enter.</translation>
    </message>
    <message>
        <source>“%1” is not a grade; type a number from 0 to 100.</source>
        <translation>„%1“ ist keine Bewertung; geben Sie eine Zahl von 0 bis 100 ein.</translation>
    </message>
    <message>
        <source>Choose a group or an answer to grade first.</source>
        <translation>Wählen Sie zuerst eine Gruppe oder eine Antwort zum Bewerten.</translation>
    </message>
    <message numerus="yes">
        <source>You gave %1 to %n answer(s) in one action.</source>
        <translation>
            <numerusform>Sie haben %n Antwort in einer Aktion mit %1 bewertet.</numerusform>
            <numerusform>Sie haben %n Antworten in einer Aktion mit %1 bewertet.</numerusform>
        </translation>
    </message>
    <message>
        <source>These answers have no suggested grade yet: type a grade for them and press Enter.</source>
        <translation>Für diese Antworten gibt es noch keine vorgeschlagene Bewertung: Tippen Sie eine Bewertung und drücken Sie Enter.</translation>
    </message>
    <message numerus="yes">
        <source>You confirmed %n suggested grade(s) in one action.</source>
        <translation>
            <numerusform>Sie haben %n vorgeschlagene Bewertung in einer Aktion bestätigt.</numerusform>
            <numerusform>Sie haben %n vorgeschlagene Bewertungen in einer Aktion bestätigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the answers to split off among the group&apos;s answers first.</source>
        <translation>Wählen Sie zuerst unter den Antworten der Gruppe die abzutrennenden aus.</translation>
    </message>
    <message>
        <source>These are all the answers of the group; choose fewer to split them off.</source>
        <translation>Das sind alle Antworten der Gruppe; wählen Sie weniger aus, um sie abzutrennen.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) split off into a group of their own.</source>
        <translation>
            <numerusform>%n Antwort in eine eigene Gruppe abgetrennt.</numerusform>
            <numerusform>%n Antworten in eine eigene Gruppe abgetrennt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the answers to move among the group&apos;s answers first.</source>
        <translation>Wählen Sie zuerst unter den Antworten der Gruppe die zu verschiebenden aus.</translation>
    </message>
    <message>
        <source>This question has no other group to move answers to.</source>
        <translation>Diese Frage hat keine andere Gruppe, in die sich Antworten verschieben lassen.</translation>
    </message>
    <message>
        <source>Move to group</source>
        <translation>In Gruppe verschieben</translation>
    </message>
    <message numerus="yes">
        <source>Move %n answer(s) to the group of:</source>
        <translation>
            <numerusform>%n Antwort in die Gruppe verschieben von:</numerusform>
            <numerusform>%n Antworten in die Gruppe verschieben von:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) moved to another group.</source>
        <translation>
            <numerusform>%n Antwort in eine andere Gruppe verschoben.</numerusform>
            <numerusform>%n Antworten in eine andere Gruppe verschoben.</numerusform>
        </translation>
    </message>
    <message>
        <source>Answers are split and moved among the answer groups: show those first.</source>
        <translation>Antworten werden in den Antwortgruppen abgetrennt und verschoben: Zeigen Sie zuerst diese an.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s): %1</source>
        <translation>
            <numerusform>%n Antwort: %1</numerusform>
            <numerusform>%n Antworten: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is left to grade for this question.</source>
        <translation>Bei dieser Frage ist nichts mehr zu bewerten.</translation>
    </message>
    <message>
        <source>Grade %1&apos;s answer next: type its grade and press Enter.</source>
        <translation>Bewerten Sie als Nächstes die Antwort von %1: Bewertung tippen und Enter drücken.</translation>
    </message>
    <message>
        <source>Export for a gradebook</source>
        <translation>Für ein Notenbuch exportieren</translation>
    </message>
    <message>
        <source>Export final grades</source>
        <translation>Endgültige Bewertungen exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Final grades written to %1: %2 yours, %3 automatic, %4 graded by the app, %5 ungraded; %6 suggested, left out of the score columns.</source>
        <translation>Endgültige Bewertungen gespeichert in %1: von Ihnen %2, automatisch %3, von der App bewertet %4, unbewertet %5; vorgeschlagen %6, nicht in den Punktespalten.</translation>
    </message>
</context>
<context>
    <name>ExperimentsView</name>
    <message>
        <source>Experiment (TOML)</source>
        <translation>Experiment (TOML)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern…</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>Rangliste</translation>
    </message>
    <message>
        <source>Metric in the plot</source>
        <translation>Metrik im Diagramm</translation>
    </message>
    <message>
        <source>The metric with its interval for each configuration</source>
        <translation>Die Metrik mit ihrem Intervall für jede Konfiguration</translation>
    </message>
    <message>
        <source>E&amp;xperiment:</source>
        <translation>&amp;Experiment:</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Metrik:</translation>
    </message>
    <message>
        <source>Triplets</source>
        <translation>Tripel</translation>
    </message>
    <message>
        <source>The experiment</source>
        <translation>Das Experiment</translation>
    </message>
    <message numerus="yes">
        <source>Valid: %n configuration(s)</source>
        <translation>
            <numerusform>Gültig: %n Konfiguration</numerusform>
            <numerusform>Gültig: %n Konfigurationen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>over %n dataset(s).</source>
        <translation>
            <numerusform>über %n Datensatz.</numerusform>
            <numerusform>über %n Datensätze.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Open an experiment</source>
        <translation>Experiment öffnen</translation>
    </message>
    <message>
        <source>Save the experiment</source>
        <translation>Experiment speichern</translation>
    </message>
    <message>
        <source>Reading the datasets and loading the model…</source>
        <translation>Datensätze werden gelesen und das Modell geladen…</translation>
    </message>
    <message>
        <source>Cell %1 (%2 of %3 parts done)</source>
        <translation>Zelle %1 (%2 von %3 Teilen fertig)</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export quiz</source>
        <translation>Quiz exportieren</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>File to write</source>
        <translation>Zu schreibende Datei</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose the file to write</source>
        <translation>Die zu schreibende Datei wählen</translation>
    </message>
    <message>
        <source>Also write the &amp;answer key, as a file of its own</source>
        <translation>Auch den &amp;Lösungsschlüssel schreiben, als eigene Datei</translation>
    </message>
    <message>
        <source>Include &amp;dropped questions (the checks left them out of the quiz)</source>
        <translation>&amp;Mit verworfenen Fragen (die Prüfungen haben sie aus dem Quiz genommen)</translation>
    </message>
    <message>
        <source>Shuffle the &amp;question order</source>
        <translation>&amp;Reihenfolge der Fragen mischen</translation>
    </message>
    <message>
        <source>Shuffle the &amp;choices</source>
        <translation>&amp;Antwortmöglichkeiten mischen</translation>
    </message>
    <message>
        <source>Number of versions</source>
        <translation>Anzahl der Versionen</translation>
    </message>
    <message>
        <source>Versions A, B, … in different orders, each with its own answer key.</source>
        <translation>Versionen A, B, … in unterschiedlicher Reihenfolge, jede mit eigenem Lösungsschlüssel.</translation>
    </message>
    <message>
        <source>Shuffle seed</source>
        <translation>Startwert für das Mischen</translation>
    </message>
    <message>
        <source>The same seed makes the same versions again.</source>
        <translation>Derselbe Startwert erzeugt wieder dieselben Versionen.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>Da&amp;tei:</translation>
    </message>
    <message>
        <source>&amp;Versions:</source>
        <translation>&amp;Versionen:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Startwert:</translation>
    </message>
    <message>
        <source>Versions differ only when the questions or the choices are shuffled.</source>
        <translation>Versionen unterscheiden sich nur, wenn Fragen oder Antwortmöglichkeiten gemischt werden.</translation>
    </message>
    <message>
        <source>Writes %1 versions, each with its own answer key.</source>
        <translation>Schreibt %1 Versionen, jede mit eigenem Lösungsschlüssel.</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <source>p. {page}</source>
        <translation>S. {page}</translation>
    </message>
    <message>
        <source>pp. {first}–{last}</source>
        <translation>S. {first}–{last}</translation>
    </message>
    <message>
        <source>From the material: “%1”</source>
        <translation>Aus dem Material: „%1“</translation>
    </message>
    <message>
        <source>From the material, %2: “%1”</source>
        <translation>Aus dem Material, %2: „%1“</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>the app cannot say how sure it is</source>
        <translation>die App kann nicht sagen, wie sicher sie ist</translation>
    </message>
    <message>
        <source>the app is unsure</source>
        <translation>die App ist unsicher</translation>
    </message>
    <message>
        <source>the app is not quite sure</source>
        <translation>die App ist nicht ganz sicher</translation>
    </message>
    <message>
        <source>the app is fairly sure</source>
        <translation>die App ist ziemlich sicher</translation>
    </message>
    <message>
        <source>the app is sure</source>
        <translation>die App ist sicher</translation>
    </message>
</context>
<context>
    <name>GradingView</name>
    <message>
        <source>&amp;Import class answers (CSV)…</source>
        <translation>Antworten der Klasse &amp;importieren (CSV)…</translation>
    </message>
    <message>
        <source>Grade agai&amp;n answers that have a machine grade</source>
        <translation>Maschinell bewertete Antworten &amp;neu bewerten</translation>
    </message>
    <message>
        <source>&amp;Grade answers</source>
        <translation>Antworten &amp;bewerten</translation>
    </message>
    <message>
        <source>Quiz:</source>
        <translation>Quiz:</translation>
    </message>
    <message>
        <source>Columns of the answers file</source>
        <translation>Spalten der Antwortdatei</translation>
    </message>
    <message>
        <source>S&amp;tudent:</source>
        <translation>&amp;Schüler:</translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation>&amp;Frage:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>&amp;Antwort:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>Grade in groups</source>
        <translation>In Gruppen bewerten</translation>
    </message>
    <message>
        <source>Let the app grade</source>
        <translation>Von der App bewerten lassen</translation>
    </message>
    <message numerus="yes">
        <source>No class&apos;s answers to this quiz yet, but %n of your self-test grades are worth a second look: the least sure first. To grade a class, import its answers (CSV) below.</source>
        <translation>
            <numerusform>Noch keine Antworten einer Klasse auf dieses Quiz, aber %n Ihrer Selbsttest-Bewertungen ist einen zweiten Blick wert. Um eine Klasse zu bewerten, importieren Sie unten ihre Antworten (CSV).</numerusform>
            <numerusform>Noch keine Antworten einer Klasse auf dieses Quiz, aber %n Ihrer Selbsttest-Bewertungen sind einen zweiten Blick wert, die unsicherste zuerst. Um eine Klasse zu bewerten, importieren Sie unten ihre Antworten (CSV).</numerusform>
        </translation>
    </message>
    <message>
        <source>Review them</source>
        <translation>Jetzt prüfen</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) wait for a grade: open the class below and grade them in groups, or let the app grade them all under Let the app grade.</source>
        <translation>
            <numerusform>%n Antwort wartet auf eine Bewertung: Öffnen Sie unten die Klasse und bewerten Sie in Gruppen, oder lassen Sie unter „Von der App bewerten lassen“ alle von der App bewerten.</numerusform>
            <numerusform>%n Antworten warten auf eine Bewertung: Öffnen Sie unten die Klasse und bewerten Sie in Gruppen, oder lassen Sie unter „Von der App bewerten lassen“ alle von der App bewerten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n answer(s)</source>
        <translation>
            <numerusform>Importiert: %n Antwort</numerusform>
            <numerusform>Importiert: %n Antworten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n student(s).</source>
        <translation>
            <numerusform>von %n Schüler.</numerusform>
            <numerusform>von %n Schülern.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no quiz to grade yet: make one in the Quizzes area first.</source>
        <translation>Es gibt noch kein Quiz zum Bewerten: Erstellen Sie zuerst eines im Bereich Quizze.</translation>
    </message>
    <message>
        <source>Go to Quizzes</source>
        <translation>Zu den Quizzen</translation>
    </message>
    <message>
        <source>No answers to this quiz yet: import your class&apos;s answers from a spreadsheet saved as CSV, a row per student and question, with Import class answers (CSV) below.</source>
        <translation>Noch keine Antworten auf dieses Quiz: Importieren Sie die Antworten Ihrer Klasse aus einer als CSV gespeicherten Tabelle, eine Zeile je Schüler und Frage, mit „Antworten der Klasse importieren (CSV)“ unten.</translation>
    </message>
    <message>
        <source>Import class answers</source>
        <translation>Antworten der Klasse importieren</translation>
    </message>
    <message>
        <source>Spreadsheets (*.csv *.tsv *.txt)</source>
        <translation>Tabellen (*.csv *.tsv *.txt)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>%1 left out: the quiz already holds those students&apos; answers, which stand with their grades.</source>
        <translation>%1 ausgelassen: das Quiz enthält die Antworten dieser Schüler schon, und sie bleiben mit ihren Bewertungen.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Das Modell wird geladen…</translation>
    </message>
    <message>
        <source>Grading: %1 (%2 of %3 parts done)</source>
        <translation>Bewertung: %1 (%2 von %3 Teilen fertig)</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) graded,</source>
        <translation>
            <numerusform>%n Antwort bewertet,</numerusform>
            <numerusform>%n Antworten bewertet,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to review.</source>
        <translation>
            <numerusform>%n zu prüfen.</numerusform>
            <numerusform>%n zu prüfen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled: graded parts are kept; the Jobs area can resume the rest.</source>
        <translation>Abgebrochen: Bewertete Teile bleiben erhalten; im Bereich Aufträge lässt sich der Rest fortsetzen.</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Answer (Self-test, Study)</source>
        <translation>Antworten (Selbsttest, Lernen)</translation>
    </message>
    <message>
        <source>Confirm or override a grade (Grading review list)</source>
        <translation>Bewertung bestätigen oder ersetzen (Prüfliste im Bereich Bewertung)</translation>
    </message>
    <message>
        <source>Grade the group or answer in focus in one action (Grade in groups)</source>
        <translation>Die Gruppe oder Antwort im Fokus in einem Schritt bewerten (In Gruppen bewerten)</translation>
    </message>
    <message>
        <source>Confirm the suggestions in focus (Grade in groups)</source>
        <translation>Die Vorschläge im Fokus bestätigen (In Gruppen bewerten)</translation>
    </message>
    <message>
        <source>Next answer to grade / split the chosen answers off / move them to a group</source>
        <translation>Nächste zu bewertende Antwort / gewählte Antworten abtrennen / in eine Gruppe verschieben</translation>
    </message>
    <message>
        <source>Import files</source>
        <translation>Dateien importieren</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Move between controls</source>
        <translation>Zwischen Bedienelementen wechseln</translation>
    </message>
    <message>
        <source>Quizzes from your own material, made and graded offline on your computer.</source>
        <translation>Quizze aus Ihrem eigenen Material, offline auf Ihrem Computer erstellt und bewertet.</translation>
    </message>
    <message>
        <source>Models that come with the app, and their licences:</source>
        <translation>Mit der App gelieferte Modelle und ihre Lizenzen:</translation>
    </message>
    <message>
        <source>About Sensemaking Desktop</source>
        <translation>Über Sensemaking Desktop</translation>
    </message>
</context>
<context>
    <name>InterruptedBanner</name>
    <message>
        <source>&amp;Resume all</source>
        <translation>Alle fort&amp;setzen</translation>
    </message>
    <message>
        <source>Show &amp;jobs</source>
        <translation>&amp;Aufträge zeigen</translation>
    </message>
    <message>
        <source>Dismi&amp;ss</source>
        <translation>Aus&amp;blenden</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) were interrupted when the app last stopped: %1. Finished work is kept.</source>
        <translation>
            <numerusform>%n Auftrag wurde beim letzten Beenden der App unterbrochen: %1. Fertige Arbeit bleibt erhalten.</numerusform>
            <numerusform>%n Aufträge wurden beim letzten Beenden der App unterbrochen: %1. Fertige Arbeit bleibt erhalten.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobsView</name>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Elemente</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation>Auftrag abb&amp;rechen</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) failed</source>
        <translation>
            <numerusform>%n Element fehlgeschlagen</numerusform>
            <numerusform>%n Elemente fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation>wird abgebrochen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>Resuming “%1”…</source>
        <translation>„%1“ wird fortgesetzt…</translation>
    </message>
    <message>
        <source>“%1” %2.</source>
        <translation>„%1“: %2.</translation>
    </message>
    <message>
        <source>Forget the job “%1”? What it made stays in the library.</source>
        <translation>Den Auftrag „%1“ löschen? Was er erstellt hat, bleibt in der Bibliothek.</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <source>Material / section</source>
        <translation>Material / Abschnitt</translation>
    </message>
    <message>
        <source>Kind / where</source>
        <translation>Art / Stelle</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Wörter</translation>
    </message>
    <message>
        <source>Materials and sections</source>
        <translation>Materialien und Abschnitte</translation>
    </message>
    <message>
        <source>&amp;Import files…</source>
        <translation>Dateien &amp;importieren…</translation>
    </message>
    <message>
        <source>&amp;Delete material…</source>
        <translation>Material &amp;löschen…</translation>
    </message>
    <message>
        <source>Drop PDF, EPUB, text, audio or video files here, or import them.</source>
        <translation>PDF-, EPUB-, Text-, Audio- oder Videodateien hier ablegen oder importieren.</translation>
    </message>
    <message>
        <source>The language quizzes are written in. A material&apos;s sections follow it, except those in another.</source>
        <translation>Die Sprache, in der Quizze geschrieben werden. Die Abschnitte eines Materials folgen ihr, außer denen in einer anderen Sprache.</translation>
    </message>
    <message>
        <source>&amp;Merge with next section</source>
        <translation>Mit nächstem Abschnitt &amp;zusammenführen</translation>
    </message>
    <message>
        <source>S&amp;plit at cursor</source>
        <translation>Am Cursor &amp;teilen</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Abschnitt %1</translation>
    </message>
    <message>
        <source>Drop files here, or import them.</source>
        <translation>Dateien hier ablegen oder importieren.</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n Wort</numerusform>
            <numerusform>%n Wörter</numerusform>
        </translation>
    </message>
    <message>
        <source>Kind: %1</source>
        <translation>Art: %1</translation>
    </message>
    <message>
        <source>Language: %1</source>
        <translation>Sprache: %1</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Sections: %1</source>
        <translation>Abschnitte: %1</translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation>Importiert: %1</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>Datei: %1</translation>
    </message>
    <message>
        <source>Importing… The next step shows here once the files are read.</source>
        <translation>Import läuft… Der nächste Schritt erscheint hier, sobald die Dateien gelesen sind.</translation>
    </message>
    <message>
        <source>Your library is empty. Import a PDF, a Word file, slides, a web page, notes or a recording: quizzes are made from what you import.</source>
        <translation>Ihre Bibliothek ist leer. Importieren Sie ein PDF, eine Word-Datei, Folien, eine Webseite, Notizen oder eine Aufnahme: Quizze entstehen aus dem, was Sie importieren.</translation>
    </message>
    <message>
        <source>Import your &amp;first file…</source>
        <translation>&amp;Erste Datei importieren…</translation>
    </message>
    <message>
        <source>“%1” has no quiz yet. Next, make one: the Quizzes area opens with it chosen.</source>
        <translation>„%1“ hat noch kein Quiz. Erstellen Sie als Nächstes eines: Der Bereich Quizze öffnet sich mit diesem Material.</translation>
    </message>
    <message>
        <source>Make a &amp;quiz from this material</source>
        <translation>Ein &amp;Quiz aus diesem Material erstellen</translation>
    </message>
    <message>
        <source>Import material</source>
        <translation>Material importieren</translation>
    </message>
    <message>
        <source>Materials (%1);;All files (*)</source>
        <translation>Materialien (%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>An import is already running; wait for it or cancel it first.</source>
        <translation>Es läuft bereits ein Import; warten Sie darauf oder brechen Sie ihn zuerst ab.</translation>
    </message>
    <message numerus="yes">
        <source>Import %n file(s)</source>
        <translation>
            <numerusform>Import von %n Datei</numerusform>
            <numerusform>Import von %n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is already in the library as “%2”.</source>
        <translation>%1 ist bereits als „%2“ in der Bibliothek.</translation>
    </message>
    <message numerus="yes">
        <source>%1: imported with %n section(s).</source>
        <translation>
            <numerusform>%1: mit %n Abschnitt importiert.</numerusform>
            <numerusform>%1: mit %n Abschnitten importiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Import cancelled; the Jobs area can resume it.</source>
        <translation>Import abgebrochen; im Bereich Aufträge lässt er sich fortsetzen.</translation>
    </message>
    <message>
        <source>Delete “%1” with its sections, quizzes, answers and grades?</source>
        <translation>„%1“ mit seinen Abschnitten, Quizzen, Antworten und Bewertungen löschen?</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Sensemaking Desktop</source>
        <translation>Sensemaking Desktop</translation>
    </message>
    <message>
        <source>Areas</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>Research</source>
        <translation>Forschung</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Strg+%2)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Welcome…</source>
        <translation>&amp;Willkommen…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About and licences</source>
        <translation>Ü&amp;ber und Lizenzen</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message>
        <source>the one that comes with the app</source>
        <translation>das mit der App gelieferte</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>%n Auftrag läuft</numerusform>
            <numerusform>%n Aufträge laufen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 done: %3</source>
        <translation>%1 von %2 fertig: %3</translation>
    </message>
    <message>
        <source>Work is still running. Stop it and quit? Finished items are kept; stopped jobs can be resumed.</source>
        <translation>Es läuft noch Arbeit. Anhalten und beenden? Fertige Elemente bleiben erhalten; angehaltene Aufträge lassen sich fortsetzen.</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>Unexpected failure ({kind}: {text}). The details below help to report it.</source>
        <translation>Unerwarteter Fehler ({kind}: {text}). Die Details unten helfen, ihn zu melden.</translation>
    </message>
    <message>
        <source>Sensemaking Desktop</source>
        <translation>Sensemaking Desktop</translation>
    </message>
</context>
<context>
    <name>ModelChooser</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
</context>
<context>
    <name>ModelsView</name>
    <message>
        <source>Checking your graphics card…</source>
        <translation>Grafikkarte wird geprüft…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>RAM</source>
        <translation>RAM</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Languages</source>
        <translation>Sprachen</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>Geeignet für</translation>
    </message>
    <message>
        <source>&amp;Add a GGUF file…</source>
        <translation>&amp;GGUF-Datei hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Entfernen…</translation>
    </message>
    <message>
        <source>Use as &amp;default</source>
        <translation>Als &amp;Standard verwenden</translation>
    </message>
    <message>
        <source>Do&amp;wnload or resume</source>
        <translation>Herunter&amp;laden oder fortsetzen</translation>
    </message>
    <message>
        <source>A cancelled or broken download continues where it stopped.</source>
        <translation>Ein abgebrochener oder unterbrochener Download wird dort fortgesetzt, wo er aufgehört hat.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Add a &amp;server…</source>
        <translation>Se&amp;rver hinzufügen…</translation>
    </message>
    <message>
        <source>Remove server…</source>
        <translation>Server entfernen…</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>&amp;Use this model</source>
        <translation>Dieses Modell &amp;verwenden</translation>
    </message>
    <message>
        <source>The file stays where it is; nothing is copied.</source>
        <translation>Die Datei bleibt, wo sie ist; nichts wird kopiert.</translation>
    </message>
    <message>
        <source>On this computer</source>
        <translation>Auf diesem Computer</translation>
    </message>
    <message>
        <source>Model servers (OpenAI-compatible)</source>
        <translation>Modellserver (OpenAI-kompatibel)</translation>
    </message>
    <message>
        <source>Found on disk (Ollama, LM Studio)</source>
        <translation>Auf der Festplatte gefunden (Ollama, LM Studio)</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>Katalog</translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <source>LM Studio</source>
        <translation>LM Studio</translation>
    </message>
    <message>
        <source>comes with the app</source>
        <translation>mit der App geliefert</translation>
    </message>
    <message>
        <source>your file</source>
        <translation>Ihre Datei</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>heruntergeladen</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>Name on the command line: %1</source>
        <translation>Name auf der Kommandozeile: %1</translation>
    </message>
    <message>
        <source>graphics card</source>
        <translation>Grafikkarte</translation>
    </message>
    <message>
        <source>llama.cpp backends: %1</source>
        <translation>llama.cpp-Backends: %1</translation>
    </message>
    <message>
        <source>Uses your graphics card for %1 of %2 layers</source>
        <translation>Nutzt Ihre Grafikkarte für %1 von %2 Schichten</translation>
    </message>
    <message>
        <source>this build of llama.cpp has no GPU support, so models run on the processor.</source>
        <translation>diese Version von llama.cpp unterstützt keine Grafikkarten, daher laufen Modelle auf dem Prozessor.</translation>
    </message>
    <message>
        <source>How to get one: install the app&apos;s version for graphics cards, or rebuild llama-cpp-python for your card as the section “GPU” of docs/models.md shows.</source>
        <translation>So geht es mit Grafikkarte: Installieren Sie die Version der App für Grafikkarten, oder bauen Sie llama-cpp-python für Ihre Karte neu, wie der Abschnitt „GPU“ in docs/models.md zeigt.</translation>
    </message>
    <message>
        <source>Your %1 can be used by models on this computer.</source>
        <translation>Ihre %1 kann von Modellen auf diesem Computer genutzt werden.</translation>
    </message>
    <message>
        <source>it is switched off under “GPU layers” in Settings.</source>
        <translation>sie ist unter „GPU-Schichten“ in den Einstellungen ausgeschaltet.</translation>
    </message>
    <message>
        <source>but the model (%1) is larger than the card&apos;s free memory (%2): lower “GPU layers” in Settings so that the rest stays on the processor.</source>
        <translation>aber das Modell (%1) ist größer als der freie Speicher der Karte (%2): Verringern Sie „GPU-Schichten“ in den Einstellungen, damit der Rest auf dem Prozessor bleibt.</translation>
    </message>
    <message>
        <source>(%1).</source>
        <translation>(%1).</translation>
    </message>
    <message>
        <source>Only the small model that comes with the app is installed: it shows that everything works, but its quizzes are weak.</source>
        <translation>Nur das kleine Modell, das mit der App kommt, ist installiert: Es zeigt, dass alles funktioniert, aber seine Quizze sind schwach.</translation>
    </message>
    <message>
        <source>(%1, licence %2.)</source>
        <translation>(%1, Lizenz %2.)</translation>
    </message>
    <message>
        <source>Download %1</source>
        <translation>%1 herunterladen</translation>
    </message>
    <message>
        <source>Models found on disk can be used where they lie (below).</source>
        <translation>Auf der Festplatte gefundene Modelle lassen sich dort verwenden, wo sie liegen (unten).</translation>
    </message>
    <message>
        <source>A model server can be added below.</source>
        <translation>Unten lässt sich ein Modellserver hinzufügen.</translation>
    </message>
    <message>
        <source>unreachable: %1</source>
        <translation>nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>Add a model</source>
        <translation>Modell hinzufügen</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>%1 wird geprüft…</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>%1 hinzugefügt.</translation>
    </message>
    <message>
        <source>Remove %1? A downloaded file is deleted; your own files stay where they are.</source>
        <translation>%1 entfernen? Eine heruntergeladene Datei wird gelöscht; Ihre eigenen Dateien bleiben, wo sie sind.</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>%1 entfernt.</translation>
    </message>
    <message>
        <source>%1 is now the default model.</source>
        <translation>%1 ist jetzt das Standardmodell.</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Frage %1 nach seinen Modellen…</translation>
    </message>
    <message>
        <source>Saved the server %1.</source>
        <translation>Server %1 gespeichert.</translation>
    </message>
    <message>
        <source>Forget the server %1?</source>
        <translation>Server %1 entfernen?</translation>
    </message>
    <message>
        <source>Removed the server %1.</source>
        <translation>Server %1 entfernt.</translation>
    </message>
    <message>
        <source>Testing %1…</source>
        <translation>%1 wird getestet…</translation>
    </message>
    <message>
        <source>%1 answers: model %2, first token after %3 s.</source>
        <translation>%1 antwortet: Modell %2, erstes Token nach %3 s.</translation>
    </message>
    <message>
        <source>%1 does not answer: %2</source>
        <translation>%1 antwortet nicht: %2</translation>
    </message>
    <message>
        <source>Added %1 where it lies.</source>
        <translation>%1 am vorhandenen Ort hinzugefügt.</translation>
    </message>
    <message>
        <source>Downloaded %1.</source>
        <translation>%1 heruntergeladen.</translation>
    </message>
    <message>
        <source>Download cancelled; the partial file is kept and the next download resumes it.</source>
        <translation>Download abgebrochen; die Teildatei bleibt erhalten und der nächste Download setzt sie fort.</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>%1 wird heruntergeladen…</translation>
    </message>
</context>
<context>
    <name>ProgressRow</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>QuestionDialog</name>
    <message>
        <source>Add a question</source>
        <translation>Frage hinzufügen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Offen</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>Multiple Choice</translation>
    </message>
    <message>
        <source>True/false</source>
        <translation>Wahr/falsch</translation>
    </message>
    <message>
        <source>Cloze</source>
        <translation>Lückentext</translation>
    </message>
    <message>
        <source>Numerical</source>
        <translation>Numerisch</translation>
    </message>
    <message>
        <source>Matching</source>
        <translation>Zuordnung</translation>
    </message>
    <message>
        <source>For cloze, write the gap as %1</source>
        <translation>Schreiben Sie die Lücke im Lückentext als %1</translation>
    </message>
    <message>
        <source>One choice a line; mark the right ones with a leading *</source>
        <translation>Eine Antwortmöglichkeit pro Zeile; richtige mit vorangestelltem * markieren</translation>
    </message>
    <message>
        <source>Reference answer (true or false for true/false)</source>
        <translation>Musterantwort (bei Wahr/falsch: true oder false)</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation>&amp;Frage:</translation>
    </message>
    <message>
        <source>Ans&amp;wer choices:</source>
        <translation>Antwort&amp;möglichkeiten:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>Ant&amp;wort:</translation>
    </message>
    <message>
        <source>P&amp;oints:</source>
        <translation>&amp;Punkte:</translation>
    </message>
</context>
<context>
    <name>QuestionEditor</name>
    <message>
        <source>One accepted number a line: 3 ± 0.5, 50 % 3 ± 2 # feedback; unit: cm = 100</source>
        <translation>Eine akzeptierte Zahl pro Zeile: 3 ± 0.5, 50 % 3 ± 2 # Feedback; unit: cm = 100</translation>
    </message>
    <message>
        <source>One pair a line: prompt -&gt; answer; -&gt; extra answer</source>
        <translation>Ein Paar pro Zeile: Vorgabe -&gt; Antwort; -&gt; zusätzliche Antwort</translation>
    </message>
    <message>
        <source>One choice a line; mark the right ones with a leading *</source>
        <translation>Eine Antwortmöglichkeit pro Zeile; richtige mit vorangestelltem * markieren</translation>
    </message>
    <message>
        <source>Approved</source>
        <translation>Freigegeben</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>Verworfen</translation>
    </message>
    <message>
        <source>Sa&amp;ve changes</source>
        <translation>Än&amp;derungen speichern</translation>
    </message>
    <message>
        <source>Questio&amp;n:</source>
        <translation>Fra&amp;ge:</translation>
    </message>
    <message>
        <source>Ans&amp;wer choices:</source>
        <translation>A&amp;ntwortmöglichkeiten:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>&amp;Antwort:</translation>
    </message>
    <message>
        <source>&amp;Feedback:</source>
        <translation>&amp;Rückmeldung:</translation>
    </message>
    <message>
        <source>&amp;Points:</source>
        <translation>&amp;Punkte:</translation>
    </message>
    <message>
        <source>Statu&amp;s:</source>
        <translation>Stat&amp;us:</translation>
    </message>
    <message>
        <source>Choose a question to review it.</source>
        <translation>Wählen Sie eine Frage, um sie zu prüfen.</translation>
    </message>
    <message>
        <source>Open question</source>
        <translation>Offene Frage</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>Multiple Choice</translation>
    </message>
    <message>
        <source>True or false (answer: true or false)</source>
        <translation>Wahr oder falsch (Antwort: true oder false)</translation>
    </message>
    <message>
        <source>Cloze (the answer fills the gap _____)</source>
        <translation>Lückentext (die Antwort füllt die Lücke _____)</translation>
    </message>
    <message>
        <source>Numerical (a number, right within its tolerance)</source>
        <translation>Numerisch (eine Zahl, richtig innerhalb ihrer Toleranz)</translation>
    </message>
    <message>
        <source>Matching (each prompt with its answer)</source>
        <translation>Zuordnung (jede Vorgabe mit ihrer Antwort)</translation>
    </message>
    <message>
        <source>Files: %1</source>
        <translation>Dateien: %1</translation>
    </message>
    <message>
        <source>Written or imported by hand; not checked against the material.</source>
        <translation>Von Hand geschrieben oder importiert; nicht am Material geprüft.</translation>
    </message>
    <message>
        <source>Kept: answering from the passage alone reaches the reference answer.</source>
        <translation>Behalten: Wer nur aus der Textstelle antwortet, kommt zur Musterantwort.</translation>
    </message>
    <message>
        <source>Answer from the passage alone: “%1” (agreement %2).</source>
        <translation>Antwort allein aus der Textstelle: „%1“ (Übereinstimmung %2).</translation>
    </message>
    <message>
        <source>It can also be answered without the material: it may test general knowledge.</source>
        <translation>Sie lässt sich auch ohne das Material beantworten: Sie prüft womöglich Allgemeinwissen.</translation>
    </message>
    <message>
        <source>Dropped: %1.</source>
        <translation>Verworfen: %1.</translation>
    </message>
    <message>
        <source>Not approved yet</source>
        <translation>Noch nicht freigegeben</translation>
    </message>
    <message>
        <source>Approved.</source>
        <translation>Freigegeben.</translation>
    </message>
    <message>
        <source>Source: not kept in the library.</source>
        <translation>Quelle: nicht in der Bibliothek gespeichert.</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Abschnitt %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>The key cannot be read: %1</source>
        <translation>Der Lösungsschlüssel kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>QuizChooser</name>
    <message>
        <source>Quiz</source>
        <translation>Quiz</translation>
    </message>
    <message numerus="yes">
        <source>%1 (#%2, %n question(s))</source>
        <translation>
            <numerusform>%1 (#%2, %n Frage)</numerusform>
            <numerusform>%1 (#%2, %n Fragen)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuizFormat</name>
    <message>
        <source>Moodle XML</source>
        <translation>Moodle XML</translation>
    </message>
    <message>
        <source>GIFT</source>
        <translation>GIFT</translation>
    </message>
    <message>
        <source>QTI 2.1 package (Canvas, Blackboard)</source>
        <translation>QTI-2.1-Paket (Canvas, Blackboard)</translation>
    </message>
    <message>
        <source>QTI 1.2 package (Canvas Classic Quizzes, Blackboard)</source>
        <translation>QTI-1.2-Paket (Canvas Classic Quizzes, Blackboard)</translation>
    </message>
    <message>
        <source>Anki deck</source>
        <translation>Anki-Stapel</translation>
    </message>
    <message>
        <source>CSV spreadsheet</source>
        <translation>CSV-Tabelle</translation>
    </message>
    <message>
        <source>Printable PDF</source>
        <translation>Druckbares PDF</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
</context>
<context>
    <name>QuizOptionsForm</name>
    <message>
        <source>New quiz</source>
        <translation>Neues Quiz</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Leicht</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Schwer</translation>
    </message>
    <message>
        <source>that of the material (or e.g. en, de, cs)</source>
        <translation>die des Materials (oder z. B. en, de, cs)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Offen</translation>
    </message>
    <message>
        <source>M&amp;ultiple choice</source>
        <translation>Multiple &amp;Choice</translation>
    </message>
    <message>
        <source>&amp;True/false</source>
        <translation>&amp;Wahr/falsch</translation>
    </message>
    <message>
        <source>Clo&amp;ze</source>
        <translation>Lückente&amp;xt</translation>
    </message>
    <message>
        <source>&amp;Material:</source>
        <translation>Ma&amp;terial:</translation>
    </message>
    <message>
        <source>Sect&amp;ion:</source>
        <translation>A&amp;bschnitt:</translation>
    </message>
    <message>
        <source>&amp;Questions per section:</source>
        <translation>&amp;Fragen pro Abschnitt:</translation>
    </message>
    <message>
        <source>Types:</source>
        <translation>Arten:</translation>
    </message>
    <message>
        <source>Will write:</source>
        <translation>Es entstehen:</translation>
    </message>
    <message>
        <source>Diffi&amp;culty:</source>
        <translation>Schwierig&amp;keit:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>All sections</source>
        <translation>Alle Abschnitte</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Abschnitt %1</translation>
    </message>
    <message>
        <source>Finding out which kinds of question this model writes…</source>
        <translation>Es wird ermittelt, welche Fragenarten dieses Modell schreibt…</translation>
    </message>
    <message>
        <source>The chosen model cannot be read: %1</source>
        <translation>Das gewählte Modell kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>Choose at least one type of question.</source>
        <translation>Wählen Sie mindestens eine Fragenart.</translation>
    </message>
    <message>
        <source>This model is too small to write questions of its own: the items are made from the material. Open questions need a larger model (see Models).</source>
        <translation>Dieses Modell ist zu klein, um eigene Fragen zu schreiben: Die Aufgaben entstehen aus dem Material. Offene Fragen brauchen ein größeres Modell (siehe Modelle).</translation>
    </message>
</context>
<context>
    <name>QuizView</name>
    <message>
        <source>Open</source>
        <translation>Offen</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>Multiple Choice</translation>
    </message>
    <message>
        <source>True/false</source>
        <translation>Wahr/falsch</translation>
    </message>
    <message>
        <source>Cloze</source>
        <translation>Lückentext</translation>
    </message>
    <message>
        <source>Numerical</source>
        <translation>Numerisch</translation>
    </message>
    <message>
        <source>Matching</source>
        <translation>Zuordnung</translation>
    </message>
    <message>
        <source>true</source>
        <translation>wahr</translation>
    </message>
    <message>
        <source>false</source>
        <translation>falsch</translation>
    </message>
    <message>
        <source>&amp;Generate quiz</source>
        <translation>&amp;Quiz generieren</translation>
    </message>
    <message>
        <source>New empt&amp;y quiz</source>
        <translation>Neues leeres Qui&amp;z</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>Move up (Ctrl+↑)</source>
        <translation>Nach oben (Strg+↑)</translation>
    </message>
    <message>
        <source>Move down (Ctrl+↓)</source>
        <translation>Nach unten (Strg+↓)</translation>
    </message>
    <message>
        <source>App&amp;rove</source>
        <translation>Fre&amp;igeben</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Add &amp;by hand…</source>
        <translation>&amp;Von Hand hinzufügen…</translation>
    </message>
    <message>
        <source>Quiz:</source>
        <translation>Quiz:</translation>
    </message>
    <message>
        <source>✓ approved</source>
        <translation>✓ freigegeben</translation>
    </message>
    <message>
        <source>✗ dropped</source>
        <translation>✗ verworfen</translation>
    </message>
    <message>
        <source>not approved yet</source>
        <translation>noch nicht freigegeben</translation>
    </message>
    <message>
        <source>%1. [%2] %3 (key: %4): %5</source>
        <translation>%1. [%2] %3 (Lösung: %4): %5</translation>
    </message>
    <message>
        <source>Key: %1</source>
        <translation>Lösung: %1</translation>
    </message>
    <message>
        <source>The quiz is being written: its questions appear in the list as each section is done.</source>
        <translation>Das Quiz wird geschrieben: Seine Fragen erscheinen in der Liste, sobald ein Abschnitt fertig ist.</translation>
    </message>
    <message>
        <source>There is nothing to make a quiz from yet: quizzes are made from the files in your library.</source>
        <translation>Noch gibt es nichts, woraus ein Quiz entstehen kann: Quizze entstehen aus den Dateien in Ihrer Bibliothek.</translation>
    </message>
    <message>
        <source>Go to the Library</source>
        <translation>Zur Bibliothek</translation>
    </message>
    <message>
        <source>No quiz yet. Choose a material and the kinds of question in the form below, or take them as they are, then press Generate quiz.</source>
        <translation>Noch kein Quiz. Wählen Sie im Formular unten ein Material und die Fragenarten, oder übernehmen Sie sie, wie sie sind, und drücken Sie dann „Quiz generieren“.</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) not approved yet: read each beside its source on the right, edit it if need be, then approve it.</source>
        <translation>
            <numerusform>%n Frage noch nicht freigegeben: Lesen Sie sie neben ihrer Quelle rechts, bearbeiten Sie sie bei Bedarf und geben Sie sie dann frei.</numerusform>
            <numerusform>%n Fragen noch nicht freigegeben: Lesen Sie jede neben ihrer Quelle rechts, bearbeiten Sie sie bei Bedarf und geben Sie sie dann frei.</numerusform>
        </translation>
    </message>
    <message>
        <source>This quiz has no questions yet: generate some, or add them by hand.</source>
        <translation>Dieses Quiz hat noch keine Fragen: Lassen Sie welche generieren oder fügen Sie sie von Hand hinzu.</translation>
    </message>
    <message>
        <source>No question waits for approval: export the quiz, or sit it under Self-test.</source>
        <translation>Keine Frage wartet mehr auf Freigabe: Exportieren Sie das Quiz oder legen Sie es unter Selbsttest selbst ab.</translation>
    </message>
    <message>
        <source>Delete the question “%1”?</source>
        <translation>Die Frage „%1“ löschen?</translation>
    </message>
    <message>
        <source>Quiz written by hand</source>
        <translation>Von Hand geschriebenes Quiz</translation>
    </message>
    <message>
        <source>Quiz on %1</source>
        <translation>Quiz zu %1</translation>
    </message>
    <message>
        <source>Import a material in the Library first.</source>
        <translation>Importieren Sie zuerst ein Material in die Bibliothek.</translation>
    </message>
    <message>
        <source>Choose at least one type of question.</source>
        <translation>Wählen Sie mindestens eine Fragenart.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Das Modell wird geladen…</translation>
    </message>
    <message>
        <source>Writing questions: %1 (%2 of %3 sections done)</source>
        <translation>Fragen werden geschrieben: %1 (%2 von %3 Abschnitten fertig)</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) kept</source>
        <translation>
            <numerusform>%n Frage behalten</numerusform>
            <numerusform>%n Fragen behalten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>over %n section(s).</source>
        <translation>
            <numerusform>aus %n Abschnitt.</numerusform>
            <numerusform>aus %n Abschnitten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Some sections ran out of passages before the count was met.</source>
        <translation>In einigen Abschnitten gingen die Textstellen aus, bevor die Anzahl erreicht war.</translation>
    </message>
    <message>
        <source>The model is too small to write questions, so every item was made from the material itself (choose a larger model under Models for questions of its own).</source>
        <translation>Das Modell ist zu klein, um Fragen zu schreiben, daher wurde jede Aufgabe aus dem Material selbst erstellt (unter Modelle ein größeres Modell wählen, um eigene Fragen zu erhalten).</translation>
    </message>
    <message>
        <source>Cancelled: finished sections are kept; the Jobs area can resume the rest.</source>
        <translation>Abgebrochen: Fertige Abschnitte bleiben erhalten; im Bereich Aufträge lässt sich der Rest fortsetzen.</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Wird exportiert…</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
</context>
<context>
    <name>Recommendation</name>
    <message>
        <source>SmolLM2 135M, the small model that comes with the app</source>
        <translation>SmolLM2 135M, das kleine Modell, das mit der App kommt</translation>
    </message>
    <message>
        <source>runs on the graphics card and so writes quickly</source>
        <translation>läuft auf der Grafikkarte und schreibt daher schnell</translation>
    </message>
    <message>
        <source>is small enough to write quizzes on the processor alone without long waits</source>
        <translation>ist klein genug, um Quizze allein auf dem Prozessor ohne lange Wartezeiten zu schreiben</translation>
    </message>
    <message>
        <source>writes questions and grades answers in %1</source>
        <translation>schreibt Fragen und bewertet Antworten auf %1</translation>
    </message>
    <message>
        <source>writes clear questions and grades written answers</source>
        <translation>schreibt klare Fragen und bewertet geschriebene Antworten</translation>
    </message>
    <message>
        <source>It needs about %1 GB of the %2 GB of memory here, %3, and %4.</source>
        <translation>Es braucht etwa %1 GB der %2 GB Arbeitsspeicher dieses Computers, %3 und %4.</translation>
    </message>
    <message>
        <source>Recommended for this computer: %1.</source>
        <translation>Empfohlen für diesen Computer: %1.</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <source>Show e&amp;very machine grade not yet seen by a person</source>
        <translation>A&amp;lle maschinellen Bewertungen zeigen, die noch niemand gesehen hat</translation>
    </message>
    <message>
        <source>Show &amp;details (the figures behind the reason)</source>
        <translation>&amp;Details zeigen (die Zahlen hinter der Begründung)</translation>
    </message>
    <message>
        <source>Grades to review</source>
        <translation>Zu prüfende Bewertungen</translation>
    </message>
    <message>
        <source>The answer under review</source>
        <translation>Die zu prüfende Antwort</translation>
    </message>
    <message>
        <source>Enter confirms; a number 0-100 and Enter overrides</source>
        <translation>Enter bestätigt; eine Zahl von 0–100 und Enter ersetzt die Bewertung</translation>
    </message>
    <message>
        <source>&amp;Your grade:</source>
        <translation>Ihre Be&amp;wertung:</translation>
    </message>
    <message>
        <source>%1 (self-test)</source>
        <translation>%1 (Selbsttest)</translation>
    </message>
    <message>
        <source>Nothing to review.</source>
        <translation>Nichts zu prüfen.</translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation>Frage: %1</translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation>Musterantwort: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Answer by %1: %2</source>
        <translation>Antwort von %1: %2</translation>
    </message>
    <message>
        <source>%1/100, %2 · %3: %4</source>
        <translation>%1/100, %2 · %3: %4</translation>
    </message>
    <message numerus="yes">
        <source>%n grade(s) to review, the least sure first</source>
        <translation>
            <numerusform>%n Bewertung zu prüfen</numerusform>
            <numerusform>%n Bewertungen zu prüfen, die unsichersten zuerst</numerusform>
        </translation>
    </message>
    <message>
        <source>Machine grade: %1/100 (%2). %3</source>
        <translation>Maschinelle Bewertung: %1/100 (%2). %3</translation>
    </message>
    <message>
        <source>! %1</source>
        <translation>! %1</translation>
    </message>
    <message>
        <source>Details:</source>
        <translation>Details:</translation>
    </message>
    <message>
        <source>none kept</source>
        <translation>keine gespeichert</translation>
    </message>
    <message>
        <source>Rubric:</source>
        <translation>Bewertungsraster:</translation>
    </message>
    <message>
        <source>%1 %2 — %3/%4 points</source>
        <translation>%1 %2 — %3/%4 Punkte</translation>
    </message>
    <message>
        <source>Found: “%1”</source>
        <translation>Gefunden: „%1“</translation>
    </message>
    <message>
        <source>Feedback: %1</source>
        <translation>Rückmeldung: %1</translation>
    </message>
    <message>
        <source>“%1” is not a grade; type a number from 0 to 100.</source>
        <translation>„%1“ ist keine Bewertung; geben Sie eine Zahl von 0 bis 100 ein.</translation>
    </message>
</context>
<context>
    <name>RobustnessView</name>
    <message>
        <source>&amp;Run the adversarial suite</source>
        <translation>Adversariale Testreihe &amp;ausführen</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>Mittlere Punktzahl</translation>
    </message>
    <message>
        <source>Median score</source>
        <translation>Median der Punktzahl</translation>
    </message>
    <message>
        <source>Scores per class of answer</source>
        <translation>Punktzahlen je Antwortklasse</translation>
    </message>
    <message>
        <source>Mean score per class</source>
        <translation>Mittlere Punktzahl je Klasse</translation>
    </message>
    <message>
        <source>Machine grades of the quiz&apos;s answers</source>
        <translation>Maschinelle Bewertungen der Antworten des Quiz</translation>
    </message>
    <message>
        <source>&amp;Quiz:</source>
        <translation>&amp;Quiz:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>Adversarial suite: controls next to genuine answers</source>
        <translation>Adversariale Testreihe: Kontrollen neben echten Antworten</translation>
    </message>
    <message>
        <source>Teacher metrics of the quiz</source>
        <translation>Lehrer-Metriken des Quiz</translation>
    </message>
    <message>
        <source>Measuring the questions against the material…</source>
        <translation>Die Fragen werden am Material gemessen…</translation>
    </message>
    <message>
        <source>Teacher metrics weigh each question against the others, so they need at least two kept questions; this quiz has %1.</source>
        <translation>Lehrer-Metriken wägen jede Frage gegen die anderen ab und brauchen daher mindestens zwei behaltene Fragen; dieses Quiz hat %1.</translation>
    </message>
    <message>
        <source>Relevance %1, coverage %2, diversity %3 (questions: %4; windows of the material: %5).</source>
        <translation>Relevanz %1, Abdeckung %2, Vielfalt %3 (Fragen: %4; Fenster des Materials: %5).</translation>
    </message>
    <message>
        <source>Machine grade</source>
        <translation>Maschinelle Bewertung</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Das Modell wird geladen…</translation>
    </message>
    <message>
        <source>Grading the suite: %1 (%2 of %3 parts done)</source>
        <translation>Testreihe wird bewertet: %1 (%2 von %3 Teilen fertig)</translation>
    </message>
    <message>
        <source>Cancelled: graded parts are kept; the Jobs area can resume the rest.</source>
        <translation>Abgebrochen: Bewertete Teile bleiben erhalten; im Bereich Aufträge lässt sich der Rest fortsetzen.</translation>
    </message>
</context>
<context>
    <name>SelfTestView</name>
    <message>
        <source>me</source>
        <translation>ich</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>One question at a time</source>
        <translation>Eine Frage nach der anderen</translation>
    </message>
    <message>
        <source>All at once, results at the end</source>
        <translation>Alle auf einmal, Ergebnisse am Ende</translation>
    </message>
    <message>
        <source>Timed test: shuffled, results at the end</source>
        <translation>Test auf Zeit: gemischt, Ergebnisse am Ende</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Time limit in minutes</source>
        <translation>Zeitlimit in Minuten</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Answer (Ctrl+Enter)</source>
        <translation>&amp;Antworten (Strg+Enter)</translation>
    </message>
    <message>
        <source>S&amp;kip</source>
        <translation>Übersprin&amp;gen</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>&amp;Weiter</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Quiz</source>
        <translation>Quiz</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Beantwortet</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>Mittlere Punktzahl</translation>
    </message>
    <message>
        <source>Past attempts</source>
        <translation>Frühere Versuche</translation>
    </message>
    <message>
        <source>Score over attempts</source>
        <translation>Punktzahl über die Versuche</translation>
    </message>
    <message>
        <source>&amp;Quiz:</source>
        <translation>&amp;Quiz:</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>M&amp;ode:</source>
        <translation>M&amp;odus:</translation>
    </message>
    <message>
        <source>Time &amp;limit:</source>
        <translation>&amp;Zeitlimit:</translation>
    </message>
    <message>
        <source>Grading mod&amp;el:</source>
        <translation>Bewertungs&amp;modell:</translation>
    </message>
    <message>
        <source>Past attempts by this name on this quiz&apos;s material</source>
        <translation>Frühere Versuche unter diesem Namen zum Material dieses Quiz</translation>
    </message>
    <message>
        <source>There is no quiz to sit yet: make one in the Quizzes area first.</source>
        <translation>Es gibt noch kein Quiz zum Ablegen: Erstellen Sie zuerst eines im Bereich Quizze.</translation>
    </message>
    <message>
        <source>Go to Quizzes</source>
        <translation>Zu den Quizzen</translation>
    </message>
    <message>
        <source>Time left: %1</source>
        <translation>Verbleibende Zeit: %1</translation>
    </message>
    <message>
        <source>Time is up; unanswered questions count as not answered.</source>
        <translation>Die Zeit ist um; unbeantwortete Fragen zählen als nicht beantwortet.</translation>
    </message>
    <message>
        <source>Question %1 of %2 (%3): %4</source>
        <translation>Frage %1 von %2 (%3): %4</translation>
    </message>
    <message>
        <source>Give an answer, or skip the question.</source>
        <translation>Geben Sie eine Antwort oder überspringen Sie die Frage.</translation>
    </message>
    <message>
        <source>That is not an answer to this question; try again.</source>
        <translation>Das ist keine Antwort auf diese Frage; versuchen Sie es noch einmal.</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Attempt done: %1 of %2 answered in %3.</source>
        <translation>Versuch beendet: %1 von %2 in %3 beantwortet.</translation>
    </message>
    <message>
        <source>No question was answered.</source>
        <translation>Es wurde keine Frage beantwortet.</translation>
    </message>
    <message>
        <source>Your answer: %1</source>
        <translation>Ihre Antwort: %1</translation>
    </message>
    <message>
        <source>Grade: %1/100. %2</source>
        <translation>Bewertung: %1/100. %2</translation>
    </message>
    <message numerus="yes">
        <source>Grading %n open answer(s)…</source>
        <translation>
            <numerusform>%n offene Antwort wird bewertet…</numerusform>
            <numerusform>%n offene Antworten werden bewertet…</numerusform>
        </translation>
    </message>
    <message>
        <source>Reference answer: %1</source>
        <translation>Musterantwort: %1</translation>
    </message>
    <message>
        <source>Not graded yet. Reference answer: %1</source>
        <translation>Noch nicht bewertet. Musterantwort: %1</translation>
    </message>
    <message>
        <source>Grading cancelled; the answers stay ungraded.</source>
        <translation>Bewertung abgebrochen; die Antworten bleiben unbewertet.</translation>
    </message>
    <message>
        <source> (unfinished)</source>
        <translation> (unvollständig)</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message>
        <source>Add a model server</source>
        <translation>Modellserver hinzufügen</translation>
    </message>
    <message>
        <source>lab</source>
        <translation>Labor</translation>
    </message>
    <message>
        <source>optional, e.g. LAB_API_KEY</source>
        <translation>optional, z. B. LAB_API_KEY</translation>
    </message>
    <message>
        <source>optional; kept in the system keyring</source>
        <translation>optional; wird im Schlüsselbund des Systems gespeichert</translation>
    </message>
    <message>
        <source>Do not verify the TLS certificate (only on a network you trust)</source>
        <translation>TLS-Zertifikat nicht prüfen (nur in einem vertrauenswürdigen Netz)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>API key variable</source>
        <translation>Variable des API-Schlüssels</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
</context>
<context>
    <name>SettingsView</name>
    <message>
        <source>Choose another &amp;folder…</source>
        <translation>Anderen Ordner &amp;wählen…</translation>
    </message>
    <message>
        <source>Use the s&amp;ystem&apos;s folder</source>
        <translation>&amp;Systemordner verwenden</translation>
    </message>
    <message>
        <source>automatic (one per core)</source>
        <translation>automatisch (einer pro Kern)</translation>
    </message>
    <message>
        <source>all, when there is a GPU</source>
        <translation>alle, wenn eine GPU vorhanden ist</translation>
    </message>
    <message>
        <source>the Hugging Face hub (or a mirror&apos;s address)</source>
        <translation>der Hugging Face Hub (oder die Adresse eines Spiegels)</translation>
    </message>
    <message>
        <source>detect (or e.g. en, de, cs, uk)</source>
        <translation>erkennen (oder z. B. en, de, cs, uk)</translation>
    </message>
    <message>
        <source>the system&apos;s language</source>
        <translation>die Sprache des Systems</translation>
    </message>
    <message>
        <source>&amp;Save settings</source>
        <translation>Einstellungen s&amp;peichern</translation>
    </message>
    <message>
        <source>Library folder</source>
        <translation>Bibliotheksordner</translation>
    </message>
    <message>
        <source>In use:</source>
        <translation>In Verwendung:</translation>
    </message>
    <message>
        <source>Next start:</source>
        <translation>Nächster Start:</translation>
    </message>
    <message>
        <source>Models and llama.cpp</source>
        <translation>Modelle und llama.cpp</translation>
    </message>
    <message>
        <source>Default &amp;model:</source>
        <translation>Standard&amp;modell:</translation>
    </message>
    <message>
        <source>CPU &amp;threads:</source>
        <translation>CPU-&amp;Threads:</translation>
    </message>
    <message>
        <source>Largest &amp;context (tokens):</source>
        <translation>Größter &amp;Kontext (Tokens):</translation>
    </message>
    <message>
        <source>&amp;GPU layers:</source>
        <translation>&amp;GPU-Schichten:</translation>
    </message>
    <message>
        <source>Model hu&amp;b address:</source>
        <translation>&amp;Adresse des Modell-Hubs:</translation>
    </message>
    <message>
        <source>Importing</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Speech &amp;recogniser:</source>
        <translation>Sp&amp;racherkennung:</translation>
    </message>
    <message>
        <source>&amp;Whisper model:</source>
        <translation>Wh&amp;isper-Modell:</translation>
    </message>
    <message>
        <source>Language of rec&amp;ordings:</source>
        <translation>Sprache der A&amp;ufnahmen:</translation>
    </message>
    <message>
        <source>Largest section (to&amp;kens):</source>
        <translation>Größter Abschnitt (T&amp;okens):</translation>
    </message>
    <message>
        <source>the model that comes with the app</source>
        <translation>das mit der App gelieferte Modell</translation>
    </message>
    <message>
        <source>multilingual</source>
        <translation>mehrsprachig</translation>
    </message>
    <message>
        <source>English only</source>
        <translation>nur Englisch</translation>
    </message>
    <message>
        <source>not installed: %1</source>
        <translation>nicht installiert: %1</translation>
    </message>
    <message>
        <source>(but $%1 is set and wins)</source>
        <translation>(aber $%1 ist gesetzt und hat Vorrang)</translation>
    </message>
    <message>
        <source>(used from the next start)</source>
        <translation>(gilt ab dem nächsten Start)</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Oberfläche</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>Sprach&amp;e:</translation>
    </message>
    <message>
        <source>Light or dark colours follow your system&apos;s settings.</source>
        <translation>Helle oder dunkle Farben folgen den Einstellungen Ihres Systems.</translation>
    </message>
    <message>
        <source>Saved. Models loaded from now on use these settings.</source>
        <translation>Gespeichert. Ab jetzt geladene Modelle verwenden diese Einstellungen.</translation>
    </message>
</context>
<context>
    <name>StudyView</name>
    <message>
        <source>me</source>
        <translation>ich</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>Material</translation>
    </message>
    <message>
        <source>Due now</source>
        <translation>Jetzt fällig</translation>
    </message>
    <message>
        <source>Later today</source>
        <translation>Später heute</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>Karten</translation>
    </message>
    <message>
        <source>Review cards per material</source>
        <translation>Wiederholungskarten je Material</translation>
    </message>
    <message>
        <source>&amp;Review due cards</source>
        <translation>Fällige Karten &amp;wiederholen</translation>
    </message>
    <message>
        <source>&amp;Show answer (Ctrl+Enter)</source>
        <translation>Antwort &amp;zeigen (Strg+Enter)</translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation>Richtige Antwort</translation>
    </message>
    <message>
        <source>&amp;1 Again</source>
        <translation>&amp;1 Nochmal</translation>
    </message>
    <message>
        <source>&amp;2 Hard</source>
        <translation>&amp;2 Schwer</translation>
    </message>
    <message>
        <source>&amp;3 Good</source>
        <translation>&amp;3 Gut</translation>
    </message>
    <message>
        <source>&amp;4 Easy</source>
        <translation>&amp;4 Leicht</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>(deleted material)</source>
        <translation>(gelöschtes Material)</translation>
    </message>
    <message>
        <source>Nothing to review yet: questions you miss in a self-test or a timed test come here.</source>
        <translation>Noch nichts zu wiederholen: Fragen, die Sie in einem Selbsttest oder einem Test auf Zeit verfehlen, landen hier.</translation>
    </message>
    <message>
        <source>Sit a self-test</source>
        <translation>Einen Selbsttest machen</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) due now.</source>
        <translation>
            <numerusform>%n Karte jetzt fällig.</numerusform>
            <numerusform>%n Karten jetzt fällig.</numerusform>
        </translation>
    </message>
    <message>
        <source>Card %1 of %2 (%3): %4</source>
        <translation>Karte %1 von %2 (%3): %4</translation>
    </message>
    <message>
        <source>Right answer: %1</source>
        <translation>Richtige Antwort: %1</translation>
    </message>
    <message numerus="yes">
        <source>Review done: %n card(s) reviewed.</source>
        <translation>
            <numerusform>Wiederholung fertig: %n Karte wiederholt.</numerusform>
            <numerusform>Wiederholung fertig: %n Karten wiederholt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TripletJudging</name>
    <message>
        <source>Triplet set</source>
        <translation>Tripel-Satz</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Ihr Name</translation>
    </message>
    <message>
        <source>Your name, kept with your judgments</source>
        <translation>Ihr Name, gespeichert mit Ihren Urteilen</translation>
    </message>
    <message>
        <source>%1: odd one out</source>
        <translation>%1: passt nicht dazu</translation>
    </message>
    <message>
        <source>&amp;Set:</source>
        <translation>&amp;Satz:</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>&amp;Beurteiler:</translation>
    </message>
    <message>
        <source>Which text is least like the other two? Press 1, 2 or 3.</source>
        <translation>Welcher Text ähnelt den anderen beiden am wenigsten? Drücken Sie 1, 2 oder 3.</translation>
    </message>
    <message>
        <source>No triplet sets yet: `sensemaking triplets create` makes one.</source>
        <translation>Noch keine Tripel-Sätze: `sensemaking triplets create` erstellt einen.</translation>
    </message>
    <message>
        <source>Type your name to start judging.</source>
        <translation>Geben Sie Ihren Namen ein, um mit dem Beurteilen zu beginnen.</translation>
    </message>
    <message numerus="yes">
        <source>%n triplet(s) left to judge.</source>
        <translation>
            <numerusform>Noch %n Tripel zu beurteilen.</numerusform>
            <numerusform>Noch %n Tripel zu beurteilen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <source>Welcome</source>
        <translation>Willkommen</translation>
    </message>
    <message>
        <source>&lt;p&gt;Sensemaking Desktop writes quizzes from your own material, on your own computer.&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Bring material in&lt;/b&gt;: a PDF, a Word or text file, a recording.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Make a quiz&lt;/b&gt;: a local model writes questions, each checked against the material.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Use it&lt;/b&gt;: test yourself, hand it out, or grade a class&apos;s answers.&lt;/li&gt;&lt;/ol&gt;</source>
        <translation>&lt;p&gt;Sensemaking Desktop schreibt Quizze aus Ihrem eigenen Material, auf Ihrem eigenen Computer.&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Material einlesen&lt;/b&gt;: ein PDF, eine Word- oder Textdatei, eine Aufnahme.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Ein Quiz erstellen&lt;/b&gt;: Ein lokales Modell schreibt Fragen und prüft jede am Material.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Es nutzen&lt;/b&gt;: sich selbst testen, es austeilen oder die Antworten einer Klasse bewerten.&lt;/li&gt;&lt;/ol&gt;</translation>
    </message>
    <message>
        <source>Models to download</source>
        <translation>Modelle zum Herunterladen</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>Geeignet für</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Download</translation>
    </message>
    <message>
        <source>Memory it needs</source>
        <translation>Benötigter Arbeitsspeicher</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Herunterladen</translation>
    </message>
    <message>
        <source>Model server address</source>
        <translation>Adresse des Modellservers</translation>
    </message>
    <message>
        <source>Use this se&amp;rver</source>
        <translation>Diesen Se&amp;rver verwenden</translation>
    </message>
    <message>
        <source>Open the &amp;sample material</source>
        <translation>&amp;Beispielmaterial öffnen</translation>
    </message>
    <message>
        <source>A short text about the water cycle, to make a first quiz at once.</source>
        <translation>Ein kurzer Text über den Wasserkreislauf, um gleich ein erstes Quiz zu erstellen.</translation>
    </message>
    <message>
        <source>S&amp;kip</source>
        <translation>Übers&amp;pringen</translation>
    </message>
    <message>
        <source>A model to write with</source>
        <translation>Ein Modell zum Schreiben</translation>
    </message>
    <message>
        <source>Use a model &amp;file you already have…</source>
        <translation>Eine vorhandene &amp;Modelldatei verwenden…</translation>
    </message>
    <message>
        <source>Access key, if it asks for one</source>
        <translation>Zugangsschlüssel, falls er einen verlangt</translation>
    </message>
    <message>
        <source>Kept in the system&apos;s keyring, never in the library.</source>
        <translation>Wird im Schlüsselbund des Systems aufbewahrt, nie in der Bibliothek.</translation>
    </message>
    <message>
        <source>Model server access key</source>
        <translation>Zugangsschlüssel des Modellservers</translation>
    </message>
    <message>
        <source>Or a model server on your network:</source>
        <translation>Oder ein Modellserver in Ihrem Netzwerk:</translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: llama.cpp, vLLM, Ollama, LM Studio.</source>
        <translation>Jeder Server mit der OpenAI-API: llama.cpp, vLLM, Ollama, LM Studio.</translation>
    </message>
    <message>
        <source>Looking for models on this computer…</source>
        <translation>Modelle auf diesem Computer werden gesucht…</translation>
    </message>
    <message>
        <source>On this computer: %1. The one that comes with the app is small and quick; a larger download writes much better questions.</source>
        <translation>Auf diesem Computer: %1. Das mit der App gelieferte ist klein und schnell; ein größerer Download schreibt viel bessere Fragen.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keines</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1 (empfohlen)</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Frage %1 nach seinen Modellen…</translation>
    </message>
    <message>
        <source>Saved the server as %1 (serving %2); new quizzes are written with it.</source>
        <translation>Server als %1 gespeichert (bietet %2 an); neue Quizze werden damit geschrieben.</translation>
    </message>
    <message>
        <source>Nothing was saved. %1</source>
        <translation>Es wurde nichts gespeichert. %1</translation>
    </message>
</context>
</TS>
