<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AgreementPanel</name>
    <message>
        <source>Machine grades against human grades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agreement per question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answer has both a person&apos;s and a machine grade yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) graded by you and by the app. You agree on right, partly right or wrong for %2 of them; the app&apos;s grades are typically %3 points from yours.</source>
        <translation>
            <numerusform>%n answer graded by you and by the app. You agree on right, partly right or wrong for %2 of it; the app&apos;s grade is %3 points from yours.</numerusform>
            <numerusform>%n answers graded by you and by the app. You agree on right, partly right or wrong for %2 of them; the app&apos;s grades are typically %3 points from yours.</numerusform>
        </translation>
    </message>
    <message>
        <source>Pearson %1, Spearman %2, quadratic weighted kappa %3, root mean square error %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human grade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine grade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same class (%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswerInput</name>
    <message>
        <source>Choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answer for the gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(choose)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Sensemaking Desktop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Area</name>
    <message>
        <source>Grading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quizzes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Robustness &amp; metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Study</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClassWorkspacePanel</name>
    <message>
        <source>&amp;Open the class for grading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ne&amp;xt to grade (N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer grou&amp;ps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggestions to chec&amp;k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer that stands for the group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups of answers, largest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggestions to check, the same grade together, largest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Student</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers in the group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer in focus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0-100, then Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gi&amp;ve this grade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Split off (S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Move to group… (M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Con&amp;firm these suggestions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grades of the class, a row per student</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● your grade · ◆ your group action · A automatic · ? suggestion to review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export final grades…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export for a gra&amp;debook…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Questio&amp;n:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ans&amp;wers in the group:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>G&amp;rade:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Class, a row per student:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a quiz.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This quiz has no answers from people yet: import a class&apos;s answers (CSV) above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s)</source>
        <translation>
            <numerusform>%n answer</numerusform>
            <numerusform>%n answers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n student(s).</source>
        <translation>
            <numerusform>of %n student.</numerusform>
            <numerusform>of %n students.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the class to see its answers in groups and grade them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Update the grades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a grade and press Enter to give it to the group in focus; N shows what to grade next.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the grading model and grouping the answers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The class is graded again from your grades.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still working on the last step; try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers differ by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How far in meaning the group&apos;s least alike answer is from the one that stands for it: 0 when all say it in the same words.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No suggestion yet — %n answer(s)</source>
        <translation>
            <numerusform>No suggestion yet — %n answer</numerusform>
            <numerusform>No suggestion yet — %n answers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Suggested %1 — %n answer(s)</source>
        <translation>
            <numerusform>Suggested %1 — %n answer</numerusform>
            <numerusform>Suggested %1 — %n answers</numerusform>
        </translation>
    </message>
    <message>
        <source>yours, %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed, %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not graded yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your grade, given to a group of answers in one action: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your grade: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic grade %1 (confidence %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested grade %1, to review (confidence %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter confirms the suggestions of the group in focus; a number and Enter gives it that grade instead. Right walks through its answers, to grade or confirm one alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to check for this question: no answer has a suggested grade.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every group has a grade of yours: check the suggestions for the rest, the same grade together. Enter confirms a group of them; a number and Enter gives a grade instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a grade from 0 to 100 first, then press Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a grade; type a number from 0 to 100.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a group or an answer to grade first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>You gave %1 to %n answer(s) in one action.</source>
        <translation>
            <numerusform>You gave %1 to %n answer in one action.</numerusform>
            <numerusform>You gave %1 to %n answers in one action.</numerusform>
        </translation>
    </message>
    <message>
        <source>These answers have no suggested grade yet: type a grade for them and press Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>You confirmed %n suggested grade(s) in one action.</source>
        <translation>
            <numerusform>You confirmed %n suggested grade in one action.</numerusform>
            <numerusform>You confirmed %n suggested grades in one action.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the answers to split off among the group&apos;s answers first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These are all the answers of the group; choose fewer to split them off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) split off into a group of their own.</source>
        <translation>
            <numerusform>%n answer split off into a group of its own.</numerusform>
            <numerusform>%n answers split off into a group of their own.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the answers to move among the group&apos;s answers first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question has no other group to move answers to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move to group</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Move %n answer(s) to the group of:</source>
        <translation>
            <numerusform>Move %n answer to the group of:</numerusform>
            <numerusform>Move %n answers to the group of:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) moved to another group.</source>
        <translation>
            <numerusform>%n answer moved to another group.</numerusform>
            <numerusform>%n answers moved to another group.</numerusform>
        </translation>
    </message>
    <message>
        <source>Answers are split and moved among the answer groups: show those first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s): %1</source>
        <translation>
            <numerusform>%n answer: %1</numerusform>
            <numerusform>%n answers: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is left to grade for this question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grade %1&apos;s answer next: type its grade and press Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export for a gradebook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export final grades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final grades written to %1: %2 yours, %3 automatic, %4 graded by the app, %5 ungraded; %6 suggested, left out of the score columns.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExperimentsView</name>
    <message>
        <source>Experiment (TOML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric in the plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The metric with its interval for each configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xperiment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triplets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Valid: %n configuration(s)</source>
        <translation>
            <numerusform>Valid: %n configuration</numerusform>
            <numerusform>Valid: %n configurations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>over %n dataset(s).</source>
        <translation>
            <numerusform>over %n dataset.</numerusform>
            <numerusform>over %n datasets.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the datasets and loading the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cell %1 (%2 of %3 parts done)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File to write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the file to write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also write the &amp;answer key, as a file of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include &amp;dropped questions (the checks left them out of the quiz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuffle the &amp;question order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuffle the &amp;choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Versions A, B, … in different orders, each with its own answer key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuffle seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same seed makes the same versions again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Versions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Versions differ only when the questions or the choices are shuffled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes %1 versions, each with its own answer key.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <source>p. {page}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp. {first}–{last}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the material: “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the material, %2: “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the app cannot say how sure it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the app is unsure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the app is not quite sure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the app is fairly sure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the app is sure</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GradingView</name>
    <message>
        <source>&amp;Import class answers (CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grade agai&amp;n answers that have a machine grade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Grade answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quiz:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Columns of the answers file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;tudent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grade in groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the app grade</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No class&apos;s answers to this quiz yet, but %n of your self-test grades are worth a second look: the least sure first. To grade a class, import its answers (CSV) below.</source>
        <translation>
            <numerusform>No class&apos;s answers to this quiz yet, but %n of your self-test grades is worth a second look. To grade a class, import its answers (CSV) below.</numerusform>
            <numerusform>No class&apos;s answers to this quiz yet, but %n of your self-test grades are worth a second look: the least sure first. To grade a class, import its answers (CSV) below.</numerusform>
        </translation>
    </message>
    <message>
        <source>Review them</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) wait for a grade: open the class below and grade them in groups, or let the app grade them all under Let the app grade.</source>
        <translation>
            <numerusform>%n answer waits for a grade: open the class below and grade it, or let the app grade it under Let the app grade.</numerusform>
            <numerusform>%n answers wait for a grade: open the class below and grade them in groups, or let the app grade them all under Let the app grade.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n answer(s)</source>
        <translation>
            <numerusform>Imported %n answer</numerusform>
            <numerusform>Imported %n answers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n student(s).</source>
        <translation>
            <numerusform>of %n student.</numerusform>
            <numerusform>of %n students.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no quiz to grade yet: make one in the Quizzes area first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to Quizzes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answers to this quiz yet: import your class&apos;s answers from a spreadsheet saved as CSV, a row per student and question, with Import class answers (CSV) below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import class answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spreadsheets (*.csv *.tsv *.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 left out: the quiz already holds those students&apos; answers, which stand with their grades.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grading: %1 (%2 of %3 parts done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) graded,</source>
        <translation>
            <numerusform>%n answer graded,</numerusform>
            <numerusform>%n answers graded,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to review.</source>
        <translation>
            <numerusform>%n to review.</numerusform>
            <numerusform>%n to review.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled: graded parts are kept; the Jobs area can resume the rest.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Answer (Self-test, Study)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm or override a grade (Grading review list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grade the group or answer in focus in one action (Grade in groups)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm the suggestions in focus (Grade in groups)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next answer to grade / split the chosen answers off / move them to a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move between controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quizzes from your own material, made and graded offline on your computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models that come with the app, and their licences:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Sensemaking Desktop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InterruptedBanner</name>
    <message>
        <source>&amp;Resume all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismi&amp;ss</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) were interrupted when the app last stopped: %1. Finished work is kept.</source>
        <translation>
            <numerusform>%n job was interrupted when the app last stopped: %1. Finished work is kept.</numerusform>
            <numerusform>%n jobs were interrupted when the app last stopped: %1. Finished work is kept.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobsView</name>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) failed</source>
        <translation>
            <numerusform>%n item failed</numerusform>
            <numerusform>%n items failed</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resuming “%1”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the job “%1”? What it made stays in the library.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <source>Material / section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind / where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Materials and sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete material…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop PDF, EPUB, text, audio or video files here, or import them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language quizzes are written in. A material&apos;s sections follow it, except those in another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Merge with next section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;plit at cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop files here, or import them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n word</numerusform>
            <numerusform>%n words</numerusform>
        </translation>
    </message>
    <message>
        <source>Kind: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sections: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing… The next step shows here once the files are read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your library is empty. Import a PDF, a Word file, slides, a web page, notes or a recording: quizzes are made from what you import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import your &amp;first file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” has no quiz yet. Next, make one: the Quizzes area opens with it chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make a &amp;quiz from this material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Materials (%1);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An import is already running; wait for it or cancel it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Import %n file(s)</source>
        <translation>
            <numerusform>Import %n file</numerusform>
            <numerusform>Import %n files</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is already in the library as “%2”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: imported with %n section(s).</source>
        <translation>
            <numerusform>%1: imported with %n section.</numerusform>
            <numerusform>%1: imported with %n sections.</numerusform>
        </translation>
    </message>
    <message>
        <source>Import cancelled; the Jobs area can resume it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete “%1” with its sections, quizzes, answers and grades?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Sensemaking Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Areas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Research</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Welcome…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About and licences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the one that comes with the app</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>%n job running</numerusform>
            <numerusform>%n jobs running</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 done: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work is still running. Stop it and quit? Finished items are kept; stopped jobs can be resumed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>Unexpected failure ({kind}: {text}). The details below help to report it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sensemaking Desktop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelChooser</name>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default model</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelsView</name>
    <message>
        <source>Checking your graphics card…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Licence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Languages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add a GGUF file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use as &amp;default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do&amp;wnload or resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A cancelled or broken download continues where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a &amp;server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file stays where it is; nothing is copied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model servers (OpenAI-compatible)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found on disk (Ollama, LM Studio)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comes with the app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name on the command line: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graphics card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>llama.cpp backends: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uses your graphics card for %1 of %2 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this build of llama.cpp has no GPU support, so models run on the processor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to get one: install the app&apos;s version for graphics cards, or rebuild llama-cpp-python for your card as the section “GPU” of docs/models.md shows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your %1 can be used by models on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is switched off under “GPU layers” in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>but the model (%1) is larger than the card&apos;s free memory (%2): lower “GPU layers” in Settings so that the rest stays on the processor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the small model that comes with the app is installed: it shows that everything works, but its quizzes are weak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1, licence %2.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models found on disk can be used where they lie (below).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model server can be added below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1? A downloaded file is deleted; your own files stay where they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is now the default model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the server %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the server %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed the server %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answers: model %2, first token after %3 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not answer: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added %1 where it lies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloaded %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download cancelled; the partial file is kept and the next download resumes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressRow</name>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuestionDialog</name>
    <message>
        <source>Add a question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True/false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cloze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numerical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For cloze, write the gap as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One choice a line; mark the right ones with a leading *</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference answer (true or false for true/false)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ans&amp;wer choices:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;oints:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuestionEditor</name>
    <message>
        <source>One accepted number a line: 3 ± 0.5, 50 % 3 ± 2 # feedback; unit: cm = 100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One pair a line: prompt -&gt; answer; -&gt; extra answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One choice a line; mark the right ones with a leading *</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sa&amp;ve changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Questio&amp;n:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ans&amp;wer choices:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Feedback:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Points:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statu&amp;s:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a question to review it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True or false (answer: true or false)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cloze (the answer fills the gap _____)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numerical (a number, right within its tolerance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matching (each prompt with its answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written or imported by hand; not checked against the material.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept: answering from the passage alone reaches the reference answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer from the passage alone: “%1” (agreement %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It can also be answered without the material: it may test general knowledge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not approved yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: not kept in the library.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuizChooser</name>
    <message>
        <source>Quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (#%2, %n question(s))</source>
        <translation>
            <numerusform>%1 (#%2, %n question)</numerusform>
            <numerusform>%1 (#%2, %n questions)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuizFormat</name>
    <message>
        <source>Moodle XML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GIFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QTI 2.1 package (Canvas, Blackboard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QTI 1.2 package (Canvas Classic Quizzes, Blackboard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anki deck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV spreadsheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printable PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuizOptionsForm</name>
    <message>
        <source>New quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Easy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>that of the material (or e.g. en, de, cs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M&amp;ultiple choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;True/false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clo&amp;ze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Material:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sect&amp;ion:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Questions per section:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Types:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will write:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diffi&amp;culty:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding out which kinds of question this model writes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chosen model cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one type of question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model is too small to write questions of its own: the items are made from the material. Open questions need a larger model (see Models).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuizView</name>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True/false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cloze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numerical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Generate quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New empt&amp;y quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Questions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move up (Ctrl+↑)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move down (Ctrl+↓)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App&amp;rove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;by hand…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quiz:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not approved yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. [%2] %3 (key: %4): %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The quiz is being written: its questions appear in the list as each section is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is nothing to make a quiz from yet: quizzes are made from the files in your library.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the Library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No quiz yet. Choose a material and the kinds of question in the form below, or take them as they are, then press Generate quiz.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) not approved yet: read each beside its source on the right, edit it if need be, then approve it.</source>
        <translation>
            <numerusform>%n question not approved yet: read it beside its source on the right, edit it if need be, then approve it.</numerusform>
            <numerusform>%n questions not approved yet: read each beside its source on the right, edit it if need be, then approve it.</numerusform>
        </translation>
    </message>
    <message>
        <source>This quiz has no questions yet: generate some, or add them by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No question waits for approval: export the quiz, or sit it under Self-test.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the question “%1”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quiz written by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quiz on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a material in the Library first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one type of question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing questions: %1 (%2 of %3 sections done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) kept</source>
        <translation>
            <numerusform>%n question kept</numerusform>
            <numerusform>%n questions kept</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>over %n section(s).</source>
        <translation>
            <numerusform>over %n section.</numerusform>
            <numerusform>over %n sections.</numerusform>
        </translation>
    </message>
    <message>
        <source>Some sections ran out of passages before the count was met.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model is too small to write questions, so every item was made from the material itself (choose a larger model under Models for questions of its own).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: finished sections are kept; the Jobs area can resume the rest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Recommendation</name>
    <message>
        <source>SmolLM2 135M, the small model that comes with the app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs on the graphics card and so writes quickly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is small enough to write quizzes on the processor alone without long waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writes questions and grades answers in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writes clear questions and grades written answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It needs about %1 GB of the %2 GB of memory here, %3, and %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended for this computer: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <source>Show e&amp;very machine grade not yet seen by a person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;details (the figures behind the reason)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grades to review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer under review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter confirms; a number 0-100 and Enter overrides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Your grade:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (self-test)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to review.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/100, %2 · %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n grade(s) to review, the least sure first</source>
        <translation>
            <numerusform>%n grade to review</numerusform>
            <numerusform>%n grades to review, the least sure first</numerusform>
        </translation>
    </message>
    <message>
        <source>Machine grade: %1/100 (%2). %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>! %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 — %3/%4 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found: “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feedback: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a grade; type a number from 0 to 100.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RobustnessView</name>
    <message>
        <source>&amp;Run the adversarial suite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scores per class of answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean score per class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine grades of the quiz&apos;s answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quiz:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adversarial suite: controls next to genuine answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teacher metrics of the quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring the questions against the material…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teacher metrics weigh each question against the others, so they need at least two kept questions; this quiz has %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance %1, coverage %2, diversity %3 (questions: %4; windows of the material: %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine grade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grading the suite: %1 (%2 of %3 parts done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: graded parts are kept; the Jobs area can resume the rest.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SelfTestView</name>
    <message>
        <source>me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One question at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All at once, results at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed test: shuffled, results at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time limit in minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Answer (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;kip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quiz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score over attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quiz:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M&amp;ode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time &amp;limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grading mod&amp;el:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past attempts by this name on this quiz&apos;s material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no quiz to sit yet: make one in the Quizzes area first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to Quizzes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time is up; unanswered questions count as not answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question %1 of %2 (%3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give an answer, or skip the question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is not an answer to this question; try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt done: %1 of %2 answered in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No question was answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grade: %1/100. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Grading %n open answer(s)…</source>
        <translation>
            <numerusform>Grading %n open answer…</numerusform>
            <numerusform>Grading %n open answers…</numerusform>
        </translation>
    </message>
    <message>
        <source>Reference answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not graded yet. Reference answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grading cancelled; the answers stay ungraded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (unfinished)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message>
        <source>Add a model server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional, e.g. LAB_API_KEY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional; kept in the system keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not verify the TLS certificate (only on a network you trust)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsView</name>
    <message>
        <source>Choose another &amp;folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the s&amp;ystem&apos;s folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic (one per core)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all, when there is a GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Hugging Face hub (or a mirror&apos;s address)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>detect (or e.g. en, de, cs, uk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system&apos;s language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Library folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next start:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models and llama.cpp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default &amp;model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU &amp;threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest &amp;context (tokens):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPU layers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model hu&amp;b address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speech &amp;recogniser:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Whisper model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language of rec&amp;ordings:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest section (to&amp;kens):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model that comes with the app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multilingual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not installed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(but $%1 is set and wins)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(used from the next start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light or dark colours follow your system&apos;s settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. Models loaded from now on use these settings.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StudyView</name>
    <message>
        <source>me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Later today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review cards per material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Review due cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show answer (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;1 Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;2 Hard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;3 Good</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;4 Easy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(deleted material)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to review yet: questions you miss in a self-test or a timed test come here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sit a self-test</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) due now.</source>
        <translation>
            <numerusform>%n card due now.</numerusform>
            <numerusform>%n cards due now.</numerusform>
        </translation>
    </message>
    <message>
        <source>Card %1 of %2 (%3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Review done: %n card(s) reviewed.</source>
        <translation>
            <numerusform>Review done: %n card reviewed.</numerusform>
            <numerusform>Review done: %n cards reviewed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TripletJudging</name>
    <message>
        <source>Triplet set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your name, kept with your judgments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: odd one out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Set:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which text is least like the other two? Press 1, 2 or 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No triplet sets yet: `sensemaking triplets create` makes one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type your name to start judging.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n triplet(s) left to judge.</source>
        <translation>
            <numerusform>%n triplet left to judge.</numerusform>
            <numerusform>%n triplets left to judge.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <source>Welcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Sensemaking Desktop writes quizzes from your own material, on your own computer.&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Bring material in&lt;/b&gt;: a PDF, a Word or text file, a recording.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Make a quiz&lt;/b&gt;: a local model writes questions, each checked against the material.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Use it&lt;/b&gt;: test yourself, hand it out, or grade a class&apos;s answers.&lt;/li&gt;&lt;/ol&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models to download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Good for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory it needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model server address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use this se&amp;rver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the &amp;sample material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A short text about the water cycle, to make a first quiz at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;kip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model to write with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a model &amp;file you already have…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Access key, if it asks for one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept in the system&apos;s keyring, never in the library.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model server access key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or a model server on your network:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: llama.cpp, vLLM, Ollama, LM Studio.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for models on this computer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On this computer: %1. The one that comes with the app is small and quick; a larger download writes much better questions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the server as %1 (serving %2); new quizzes are written with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was saved. %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
