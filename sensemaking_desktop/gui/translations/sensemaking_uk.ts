<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>AgreementPanel</name>
    <message>
        <source>Machine grades against human grades</source>
        <translation>Машинні оцінки порівняно з людськими</translation>
    </message>
    <message>
        <source>Agreement per question</source>
        <translation>Узгодженість за питаннями</translation>
    </message>
    <message>
        <source>No answer has both a person&apos;s and a machine grade yet.</source>
        <translation>Поки що жодна відповідь не має водночас оцінки людини й машинної оцінки.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) graded by you and by the app. You agree on right, partly right or wrong for %2 of them; the app&apos;s grades are typically %3 points from yours.</source>
        <translation>
            <numerusform>%n відповідь оцінено і вами, і програмою. Для %2 з них ви згодні, чи вона правильна, частково правильна чи неправильна; оцінка програми відрізняється від вашої на %3 балів.</numerusform>
            <numerusform>%n відповіді оцінено і вами, і програмою. Для %2 з них ви згодні, чи вона правильна, частково правильна чи неправильна; оцінки програми зазвичай відрізняються від ваших на %3 балів.</numerusform>
            <numerusform>%n відповідей оцінено і вами, і програмою. Для %2 з них ви згодні, чи вона правильна, частково правильна чи неправильна; оцінки програми зазвичай відрізняються від ваших на %3 балів.</numerusform>
        </translation>
    </message>
    <message>
        <source>Pearson %1, Spearman %2, quadratic weighted kappa %3, root mean square error %4.</source>
        <translation>Пірсон %1, Спірмен %2, квадратично зважена каппа %3, корінь середньоквадратичної похибки %4.</translation>
    </message>
    <message>
        <source>Human grade</source>
        <translation>Оцінка людини</translation>
    </message>
    <message>
        <source>Machine grade</source>
        <translation>Машинна оцінка</translation>
    </message>
    <message>
        <source>Q%1</source>
        <translation>П%1</translation>
    </message>
    <message>
        <source>Same class (%)</source>
        <translation>Та сама категорія (%)</translation>
    </message>
</context>
<context>
    <name>AnswerInput</name>
    <message>
        <source>Choices</source>
        <translation>Варіанти відповіді</translation>
    </message>
    <message>
        <source>Your answer for the gap</source>
        <translation>Ваша відповідь для пропуску</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Ваша відповідь</translation>
    </message>
    <message>
        <source>true</source>
        <translation>правда</translation>
    </message>
    <message>
        <source>false</source>
        <translation>неправда</translation>
    </message>
    <message>
        <source>A number</source>
        <translation>Число</translation>
    </message>
    <message>
        <source>(choose)</source>
        <translation>(виберіть)</translation>
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
        <translation>Завдання</translation>
    </message>
    <message>
        <source>Quizzes</source>
        <translation>Тести</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>Експерименти</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Налаштування</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Бібліотека</translation>
    </message>
    <message>
        <source>Robustness &amp; metrics</source>
        <translation>Стійкість і метрики</translation>
    </message>
    <message>
        <source>Study</source>
        <translation>Навчання</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>Самоперевірка</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Моделі</translation>
    </message>
    <message>
        <source>Grading</source>
        <translation>Оцінювання</translation>
    </message>
</context>
<context>
    <name>ClassWorkspacePanel</name>
    <message>
        <source>&amp;Open the class for grading</source>
        <translation>Відкрити &amp;клас для оцінювання</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Питання</translation>
    </message>
    <message>
        <source>Ne&amp;xt to grade (N)</source>
        <translation>&amp;Наступна до оцінювання (N)</translation>
    </message>
    <message>
        <source>Answer grou&amp;ps</source>
        <translation>Груп&amp;и відповідей</translation>
    </message>
    <message>
        <source>Suggestions to chec&amp;k</source>
        <translation>Пропо&amp;зиції для перевірки</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Відповіді</translation>
    </message>
    <message>
        <source>Grade</source>
        <translation>Оцінка</translation>
    </message>
    <message>
        <source>Answer that stands for the group</source>
        <translation>Відповідь, що представляє групу</translation>
    </message>
    <message>
        <source>Groups of answers, largest first</source>
        <translation>Групи відповідей, спочатку найбільші</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>Пропозиція</translation>
    </message>
    <message>
        <source>Suggestions to check, the same grade together, largest first</source>
        <translation>Пропозиції для перевірки, однакові оцінки разом, спочатку найбільші</translation>
    </message>
    <message>
        <source>Student</source>
        <translation>Учень</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Впевненість</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Обґрунтування</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Відповідь</translation>
    </message>
    <message>
        <source>Answers in the group</source>
        <translation>Відповіді в групі</translation>
    </message>
    <message>
        <source>The answer in focus</source>
        <translation>Вибрана відповідь</translation>
    </message>
    <message>
        <source>0-100, then Enter</source>
        <translation>0-100, потім Enter</translation>
    </message>
    <message>
        <source>Gi&amp;ve this grade</source>
        <translation>По&amp;ставити цю оцінку</translation>
    </message>
    <message>
        <source>&amp;Split off (S)</source>
        <translation>Відокремити (&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Move to group… (M)</source>
        <translation>Перемістити до групи… (&amp;M)</translation>
    </message>
    <message>
        <source>Con&amp;firm these suggestions</source>
        <translation>Підтвердити &amp;ці пропозиції</translation>
    </message>
    <message>
        <source>Grades of the class, a row per student</source>
        <translation>Оцінки класу, по рядку на учня</translation>
    </message>
    <message>
        <source>● your grade · ◆ your group action · A automatic · ? suggestion to review</source>
        <translation>● ваша оцінка · ◆ ваша дія для групи · A автоматично · ? пропозиція для перевірки</translation>
    </message>
    <message>
        <source>&amp;Export final grades…</source>
        <translation>&amp;Експортувати підсумкові оцінки…</translation>
    </message>
    <message>
        <source>Export for a gra&amp;debook…</source>
        <translation>Експортувати для &amp;журналу…</translation>
    </message>
    <message>
        <source>Questio&amp;n:</source>
        <translation>&amp;Питання:</translation>
    </message>
    <message>
        <source>Ans&amp;wers in the group:</source>
        <translation>Відповіді в &amp;групі:</translation>
    </message>
    <message>
        <source>G&amp;rade:</source>
        <translation>Оцінк&amp;а:</translation>
    </message>
    <message>
        <source>&amp;Class, a row per student:</source>
        <translation>Клас, по &amp;рядку на учня:</translation>
    </message>
    <message>
        <source>Choose a quiz.</source>
        <translation>Виберіть тест.</translation>
    </message>
    <message>
        <source>This quiz has no answers from people yet: import a class&apos;s answers (CSV) above.</source>
        <translation>У цьому тесті ще немає відповідей від людей: імпортуйте вище відповіді класу (CSV).</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s)</source>
        <translation>
            <numerusform>%n відповідь</numerusform>
            <numerusform>%n відповіді</numerusform>
            <numerusform>%n відповідей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n student(s).</source>
        <translation>
            <numerusform>від %n учня.</numerusform>
            <numerusform>від %n учнів.</numerusform>
            <numerusform>від %n учнів.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the class to see its answers in groups and grade them.</source>
        <translation>Відкрийте клас, щоб побачити його відповіді згрупованими й оцінити їх.</translation>
    </message>
    <message>
        <source>&amp;Update the grades</source>
        <translation>&amp;Оновити оцінки</translation>
    </message>
    <message>
        <source>Type a grade and press Enter to give it to the group in focus; N shows what to grade next.</source>
        <translation>Введіть оцінку й натисніть Enter, щоб поставити її вибраній групі; N показує, що оцінювати далі.</translation>
    </message>
    <message>
        <source>Loading the grading model and grouping the answers…</source>
        <translation>Завантажується модель оцінювання, відповіді групуються…</translation>
    </message>
    <message>
        <source>The class is graded again from your grades.</source>
        <translation>Клас переоцінено з урахуванням ваших оцінок.</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Обробка…</translation>
    </message>
    <message>
        <source>Still working on the last step; try again in a moment.</source>
        <translation>Останній крок ще виконується; спробуйте ще раз за мить.</translation>
    </message>
    <message>
        <source>Answers differ by</source>
        <translation>Різниця відповідей</translation>
    </message>
    <message>
        <source>How far in meaning the group&apos;s least alike answer is from the one that stands for it: 0 when all say it in the same words.</source>
        <translation>Наскільки за змістом найменш схожа відповідь групи віддалена від тієї, що її представляє: 0, коли всі кажуть те саме тими самими словами.</translation>
    </message>
    <message>
        <source>Q%1: %2</source>
        <translation>П%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>No suggestion yet — %n answer(s)</source>
        <translation>
            <numerusform>Ще немає пропозиції — %n відповідь</numerusform>
            <numerusform>Ще немає пропозиції — %n відповіді</numerusform>
            <numerusform>Ще немає пропозиції — %n відповідей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Suggested %1 — %n answer(s)</source>
        <translation>
            <numerusform>Запропоновано %1 — %n відповідь</numerusform>
            <numerusform>Запропоновано %1 — %n відповіді</numerusform>
            <numerusform>Запропоновано %1 — %n відповідей</numerusform>
        </translation>
    </message>
    <message>
        <source>yours, %1 to %2</source>
        <translation>ваші, від %1 до %2</translation>
    </message>
    <message>
        <source>%1 of %2 yours</source>
        <translation>ваші: %1 з %2</translation>
    </message>
    <message>
        <source>mixed, %1 to %2</source>
        <translation>змішані, від %1 до %2</translation>
    </message>
    <message>
        <source>Not graded yet.</source>
        <translation>Ще не оцінено.</translation>
    </message>
    <message>
        <source>Your grade, given to a group of answers in one action: %1.</source>
        <translation>Ваша оцінка, поставлена групі відповідей однією дією: %1.</translation>
    </message>
    <message>
        <source>Your grade: %1.</source>
        <translation>Ваша оцінка: %1.</translation>
    </message>
    <message>
        <source>Automatic grade %1 (confidence %2): %3</source>
        <translation>Автоматична оцінка %1 (впевненість %2): %3</translation>
    </message>
    <message>
        <source>Suggested grade %1, to review (confidence %2): %3</source>
        <translation>Запропонована оцінка %1, для перевірки (впевненість %2): %3</translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation>Питання: %1</translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation>Еталонна відповідь: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>немає</translation>
    </message>
    <message>
        <source>Answer by %1: %2</source>
        <translation>Відповідь від %1: %2</translation>
    </message>
    <message>
        <source>Q%1</source>
        <translation>П%1</translation>
    </message>
    <message>
        <source>Enter confirms the suggestions of the group in focus; a number and Enter gives it that grade instead. Right walks through its answers, to grade or confirm one alone.</source>
        <translation>Enter підтверджує пропозиції вибраної групи; число й Enter натомість ставлять їй цю оцінку. Стрілкою праворуч можна пройти її відповіді, щоб оцінити чи підтвердити одну окремо.</translation>
    </message>
    <message>
        <source>Nothing to check for this question: no answer has a suggested grade.</source>
        <translation>Для цього питання нема чого перевіряти: жодна відповідь не має запропонованої оцінки.</translation>
    </message>
    <message>
        <source>Every group has a grade of yours: check the suggestions for the rest, the same grade together. Enter confirms a group of them; a number and Enter gives a grade instead.</source>
        <translation>Кожна група має вашу оцінку: перевірте пропозиції для решти відповідей, однакові оцінки разом. Enter підтверджує групу пропозицій; число й Enter натомість ставлять оцінку.</translation>
    </message>
    <message>
        <source>Type a grade from 0 to 100 first, then press Enter.</source>
        <translation>Спочатку введіть оцінку від 0 до 100, потім натисніть Enter.</translation>
    </message>
    <message>
        <source>“%1” is not a grade; type a number from 0 to 100.</source>
        <translation>«%1» — не оцінка; введіть число від 0 до 100.</translation>
    </message>
    <message>
        <source>Choose a group or an answer to grade first.</source>
        <translation>Спочатку виберіть групу або відповідь для оцінювання.</translation>
    </message>
    <message numerus="yes">
        <source>You gave %1 to %n answer(s) in one action.</source>
        <translation>
            <numerusform>Однією дією ви поставили %1 за %n відповідь.</numerusform>
            <numerusform>Однією дією ви поставили %1 за %n відповіді.</numerusform>
            <numerusform>Однією дією ви поставили %1 за %n відповідей.</numerusform>
        </translation>
    </message>
    <message>
        <source>These answers have no suggested grade yet: type a grade for them and press Enter.</source>
        <translation>Ці відповіді ще не мають запропонованої оцінки: введіть для них оцінку й натисніть Enter.</translation>
    </message>
    <message numerus="yes">
        <source>You confirmed %n suggested grade(s) in one action.</source>
        <translation>
            <numerusform>Однією дією ви підтвердили %n запропоновану оцінку.</numerusform>
            <numerusform>Однією дією ви підтвердили %n запропоновані оцінки.</numerusform>
            <numerusform>Однією дією ви підтвердили %n запропонованих оцінок.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the answers to split off among the group&apos;s answers first.</source>
        <translation>Спочатку виберіть серед відповідей групи ті, які треба відокремити.</translation>
    </message>
    <message>
        <source>These are all the answers of the group; choose fewer to split them off.</source>
        <translation>Це всі відповіді групи; щоб відокремити, виберіть менше.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) split off into a group of their own.</source>
        <translation>
            <numerusform>%n відповідь відокремлено в окрему групу.</numerusform>
            <numerusform>%n відповіді відокремлено в окрему групу.</numerusform>
            <numerusform>%n відповідей відокремлено в окрему групу.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the answers to move among the group&apos;s answers first.</source>
        <translation>Спочатку виберіть серед відповідей групи ті, які треба перемістити.</translation>
    </message>
    <message>
        <source>This question has no other group to move answers to.</source>
        <translation>Для цього питання немає іншої групи, куди можна перемістити відповіді.</translation>
    </message>
    <message>
        <source>Move to group</source>
        <translation>Перемістити до групи</translation>
    </message>
    <message numerus="yes">
        <source>Move %n answer(s) to the group of:</source>
        <translation>
            <numerusform>Перемістити %n відповідь до групи відповіді:</numerusform>
            <numerusform>Перемістити %n відповіді до групи відповіді:</numerusform>
            <numerusform>Перемістити %n відповідей до групи відповіді:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) moved to another group.</source>
        <translation>
            <numerusform>%n відповідь переміщено до іншої групи.</numerusform>
            <numerusform>%n відповіді переміщено до іншої групи.</numerusform>
            <numerusform>%n відповідей переміщено до іншої групи.</numerusform>
        </translation>
    </message>
    <message>
        <source>Answers are split and moved among the answer groups: show those first.</source>
        <translation>Відповіді відокремлюють і переміщують у групах відповідей: спочатку покажіть їх.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s): %1</source>
        <translation>
            <numerusform>%n відповідь: %1</numerusform>
            <numerusform>%n відповіді: %1</numerusform>
            <numerusform>%n відповідей: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is left to grade for this question.</source>
        <translation>Для цього питання більше нема чого оцінювати.</translation>
    </message>
    <message>
        <source>Grade %1&apos;s answer next: type its grade and press Enter.</source>
        <translation>Далі оцініть відповідь від %1: введіть оцінку й натисніть Enter.</translation>
    </message>
    <message>
        <source>Export for a gradebook</source>
        <translation>Експортувати для журналу</translation>
    </message>
    <message>
        <source>Export final grades</source>
        <translation>Експортувати підсумкові оцінки</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файли CSV (*.csv)</translation>
    </message>
    <message>
        <source>Final grades written to %1: %2 yours, %3 automatic, %4 graded by the app, %5 ungraded; %6 suggested, left out of the score columns.</source>
        <translation>Підсумкові оцінки записано у файл %1: ваші %2, автоматичні %3, оцінені програмою %4, без оцінки %5; запропоновані %6, не у стовпцях балів.</translation>
    </message>
</context>
<context>
    <name>ExperimentsView</name>
    <message>
        <source>Experiment (TOML)</source>
        <translation>Експеримент (TOML)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Відкрити…</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>З&amp;берегти…</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Запустити</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Експеримент</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Конфігурація</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>Рейтинг</translation>
    </message>
    <message>
        <source>Metric in the plot</source>
        <translation>Метрика на графіку</translation>
    </message>
    <message>
        <source>The metric with its interval for each configuration</source>
        <translation>Метрика з інтервалом для кожної конфігурації</translation>
    </message>
    <message>
        <source>E&amp;xperiment:</source>
        <translation>&amp;Експеримент:</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Метрика:</translation>
    </message>
    <message>
        <source>Triplets</source>
        <translation>Трійки</translation>
    </message>
    <message>
        <source>The experiment</source>
        <translation>Експеримент</translation>
    </message>
    <message numerus="yes">
        <source>Valid: %n configuration(s)</source>
        <translation>
            <numerusform>Коректно: %n конфігурація</numerusform>
            <numerusform>Коректно: %n конфігурації</numerusform>
            <numerusform>Коректно: %n конфігурацій</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>over %n dataset(s).</source>
        <translation>
            <numerusform>на %n наборі даних.</numerusform>
            <numerusform>на %n наборах даних.</numerusform>
            <numerusform>на %n наборах даних.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Не вдалося прочитати %1: %2</translation>
    </message>
    <message>
        <source>Open an experiment</source>
        <translation>Відкрити експеримент</translation>
    </message>
    <message>
        <source>Save the experiment</source>
        <translation>Зберегти експеримент</translation>
    </message>
    <message>
        <source>Reading the datasets and loading the model…</source>
        <translation>Читаються набори даних і завантажується модель…</translation>
    </message>
    <message>
        <source>Cell %1 (%2 of %3 parts done)</source>
        <translation>Клітинка %1 (виконано частин: %2 з %3)</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export quiz</source>
        <translation>Експорт тесту</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Формат</translation>
    </message>
    <message>
        <source>File to write</source>
        <translation>Файл для запису</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Огляд…</translation>
    </message>
    <message>
        <source>Choose the file to write</source>
        <translation>Виберіть файл для запису</translation>
    </message>
    <message>
        <source>Also write the &amp;answer key, as a file of its own</source>
        <translation>Також записати &amp;ключ відповідей окремим файлом</translation>
    </message>
    <message>
        <source>Include &amp;dropped questions (the checks left them out of the quiz)</source>
        <translation>Включити &amp;відхилені питання (перевірки вилучили їх із тесту)</translation>
    </message>
    <message>
        <source>Shuffle the &amp;question order</source>
        <translation>Перемішати порядок &amp;питань</translation>
    </message>
    <message>
        <source>Shuffle the &amp;choices</source>
        <translation>Перемішати варіа&amp;нти відповіді</translation>
    </message>
    <message>
        <source>Number of versions</source>
        <translation>Кількість версій</translation>
    </message>
    <message>
        <source>Versions A, B, … in different orders, each with its own answer key.</source>
        <translation>Версії A, B, … у різному порядку, кожна з власним ключем відповідей.</translation>
    </message>
    <message>
        <source>Shuffle seed</source>
        <translation>Початкове значення перемішування</translation>
    </message>
    <message>
        <source>The same seed makes the same versions again.</source>
        <translation>Те саме початкове значення знову дає ті самі версії.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>Фор&amp;мат:</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Файл:</translation>
    </message>
    <message>
        <source>&amp;Versions:</source>
        <translation>В&amp;ерсії:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>Початкове &amp;значення:</translation>
    </message>
    <message>
        <source>Versions differ only when the questions or the choices are shuffled.</source>
        <translation>Версії відрізняються, лише коли перемішуються питання або варіанти відповіді.</translation>
    </message>
    <message>
        <source>Writes %1 versions, each with its own answer key.</source>
        <translation>Буде записано версій: %1, кожна з власним ключем відповідей.</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <source>p. {page}</source>
        <translation>с. {page}</translation>
    </message>
    <message>
        <source>pp. {first}–{last}</source>
        <translation>с. {first}–{last}</translation>
    </message>
    <message>
        <source>From the material: “%1”</source>
        <translation>З матеріалу: «%1»</translation>
    </message>
    <message>
        <source>From the material, %2: “%1”</source>
        <translation>З матеріалу, %2: «%1»</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 ГБ</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 МБ</translation>
    </message>
    <message>
        <source>the app cannot say how sure it is</source>
        <translation>програма не може сказати, наскільки вона впевнена</translation>
    </message>
    <message>
        <source>the app is unsure</source>
        <translation>програма не впевнена</translation>
    </message>
    <message>
        <source>the app is not quite sure</source>
        <translation>програма не зовсім упевнена</translation>
    </message>
    <message>
        <source>the app is fairly sure</source>
        <translation>програма досить упевнена</translation>
    </message>
    <message>
        <source>the app is sure</source>
        <translation>програма впевнена</translation>
    </message>
</context>
<context>
    <name>GradingView</name>
    <message>
        <source>&amp;Import class answers (CSV)…</source>
        <translation>&amp;Імпортувати відповіді класу (CSV)…</translation>
    </message>
    <message>
        <source>Grade agai&amp;n answers that have a machine grade</source>
        <translation>&amp;Повторно оцінити відповіді, що вже мають машинну оцінку</translation>
    </message>
    <message>
        <source>&amp;Grade answers</source>
        <translation>&amp;Оцінити відповіді</translation>
    </message>
    <message>
        <source>Quiz:</source>
        <translation>Тест:</translation>
    </message>
    <message>
        <source>Columns of the answers file</source>
        <translation>Стовпці файлу з відповідями</translation>
    </message>
    <message>
        <source>S&amp;tudent:</source>
        <translation>&amp;Учень:</translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation>Пи&amp;тання:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>&amp;Відповідь:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Модель:</translation>
    </message>
    <message>
        <source>Grade in groups</source>
        <translation>Оцінювання групами</translation>
    </message>
    <message>
        <source>Let the app grade</source>
        <translation>Оцінювання програмою</translation>
    </message>
    <message numerus="yes">
        <source>No class&apos;s answers to this quiz yet, but %n of your self-test grades are worth a second look: the least sure first. To grade a class, import its answers (CSV) below.</source>
        <translation>
            <numerusform>Відповідей класу на цей тест ще немає, але %n оцінка вашої самоперевірки варта другого погляду. Щоб оцінити клас, імпортуйте нижче його відповіді (CSV).</numerusform>
            <numerusform>Відповідей класу на цей тест ще немає, але %n оцінки вашої самоперевірки варті другого погляду, спершу найменш упевнені. Щоб оцінити клас, імпортуйте нижче його відповіді (CSV).</numerusform>
            <numerusform>Відповідей класу на цей тест ще немає, але %n оцінок вашої самоперевірки варті другого погляду, спершу найменш упевнені. Щоб оцінити клас, імпортуйте нижче його відповіді (CSV).</numerusform>
        </translation>
    </message>
    <message>
        <source>Review them</source>
        <translation>Перевірити їх</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) wait for a grade: open the class below and grade them in groups, or let the app grade them all under Let the app grade.</source>
        <translation>
            <numerusform>%n відповідь чекає на оцінку: відкрийте клас нижче й оцінюйте групами або доручіть програмі оцінити всі у вкладці «Оцінювання програмою».</numerusform>
            <numerusform>%n відповіді чекають на оцінку: відкрийте клас нижче й оцінюйте групами або доручіть програмі оцінити всі у вкладці «Оцінювання програмою».</numerusform>
            <numerusform>%n відповідей чекають на оцінку: відкрийте клас нижче й оцінюйте групами або доручіть програмі оцінити всі у вкладці «Оцінювання програмою».</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n answer(s)</source>
        <translation>
            <numerusform>Імпортовано: %n відповідь</numerusform>
            <numerusform>Імпортовано: %n відповіді</numerusform>
            <numerusform>Імпортовано: %n відповідей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n student(s).</source>
        <translation>
            <numerusform>від %n учня.</numerusform>
            <numerusform>від %n учнів.</numerusform>
            <numerusform>від %n учнів.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no quiz to grade yet: make one in the Quizzes area first.</source>
        <translation>Ще немає тесту для оцінювання: спершу створіть його на вкладці «Тести».</translation>
    </message>
    <message>
        <source>Go to Quizzes</source>
        <translation>Перейти до тестів</translation>
    </message>
    <message>
        <source>No answers to this quiz yet: import your class&apos;s answers from a spreadsheet saved as CSV, a row per student and question, with Import class answers (CSV) below.</source>
        <translation>На цей тест ще немає відповідей: імпортуйте відповіді свого класу з таблиці, збереженої як CSV, один рядок на учня й питання, кнопкою «Імпортувати відповіді класу (CSV)» нижче.</translation>
    </message>
    <message>
        <source>Import class answers</source>
        <translation>Імпорт відповідей класу</translation>
    </message>
    <message>
        <source>Spreadsheets (*.csv *.tsv *.txt)</source>
        <translation>Таблиці (*.csv *.tsv *.txt)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Імпорт %1…</translation>
    </message>
    <message>
        <source>%1 left out: the quiz already holds those students&apos; answers, which stand with their grades.</source>
        <translation>%1 пропущено: тест уже містить відповіді цих учнів, і вони лишаються зі своїми оцінками.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Завантаження моделі…</translation>
    </message>
    <message>
        <source>Grading: %1 (%2 of %3 parts done)</source>
        <translation>Оцінювання: %1 (виконано частин: %2 з %3)</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) graded,</source>
        <translation>
            <numerusform>%n відповідь оцінено,</numerusform>
            <numerusform>%n відповіді оцінено,</numerusform>
            <numerusform>%n відповідей оцінено,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to review.</source>
        <translation>
            <numerusform>%n для перевірки.</numerusform>
            <numerusform>%n для перевірки.</numerusform>
            <numerusform>%n для перевірки.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled: graded parts are kept; the Jobs area can resume the rest.</source>
        <translation>Скасовано: оцінені частини збережено; решту можна продовжити на вкладці «Завдання».</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Answer (Self-test, Study)</source>
        <translation>Відповісти (Самоперевірка, Навчання)</translation>
    </message>
    <message>
        <source>Confirm or override a grade (Grading review list)</source>
        <translation>Підтвердити або змінити оцінку (список для перевірки на вкладці «Оцінювання»)</translation>
    </message>
    <message>
        <source>Grade the group or answer in focus in one action (Grade in groups)</source>
        <translation>Оцінити вибрану групу або відповідь однією дією (Оцінювання групами)</translation>
    </message>
    <message>
        <source>Confirm the suggestions in focus (Grade in groups)</source>
        <translation>Підтвердити вибрані пропозиції (Оцінювання групами)</translation>
    </message>
    <message>
        <source>Next answer to grade / split the chosen answers off / move them to a group</source>
        <translation>Наступна відповідь до оцінювання / відокремити вибрані відповіді / перемістити їх до групи</translation>
    </message>
    <message>
        <source>Import files</source>
        <translation>Імпортувати файли</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Клавіатурні скорочення</translation>
    </message>
    <message>
        <source>Move between controls</source>
        <translation>Переходити між елементами керування</translation>
    </message>
    <message>
        <source>Quizzes from your own material, made and graded offline on your computer.</source>
        <translation>Тести з вашого власного матеріалу, створені й оцінені офлайн на вашому комп’ютері.</translation>
    </message>
    <message>
        <source>Models that come with the app, and their licences:</source>
        <translation>Моделі, що постачаються з програмою, та їхні ліцензії:</translation>
    </message>
    <message>
        <source>About Sensemaking Desktop</source>
        <translation>Про Sensemaking Desktop</translation>
    </message>
</context>
<context>
    <name>InterruptedBanner</name>
    <message>
        <source>&amp;Resume all</source>
        <translation>Продовжити &amp;всі</translation>
    </message>
    <message>
        <source>Show &amp;jobs</source>
        <translation>Показати &amp;завдання</translation>
    </message>
    <message>
        <source>Dismi&amp;ss</source>
        <translation>&amp;Приховати</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) were interrupted when the app last stopped: %1. Finished work is kept.</source>
        <translation>
            <numerusform>%n завдання перервано під час останньої зупинки програми: %1. Виконану роботу збережено.</numerusform>
            <numerusform>%n завдання перервано під час останньої зупинки програми: %1. Виконану роботу збережено.</numerusform>
            <numerusform>%n завдань перервано під час останньої зупинки програми: %1. Виконану роботу збережено.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobsView</name>
    <message>
        <source>Job</source>
        <translation>Завдання</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Назва</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Прогрес</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Елементи</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Помилка</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Продовжити</translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation>&amp;Скасувати завдання</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Видалити…</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) failed</source>
        <translation>
            <numerusform>%n елемент з помилкою</numerusform>
            <numerusform>%n елементи з помилкою</numerusform>
            <numerusform>%n елементів з помилкою</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>очікує</translation>
    </message>
    <message>
        <source>running</source>
        <translation>виконується</translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation>скасовується</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>скасовано</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>перервано</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не вдалося</translation>
    </message>
    <message>
        <source>done</source>
        <translation>виконано</translation>
    </message>
    <message>
        <source>Resuming “%1”…</source>
        <translation>Продовження «%1»…</translation>
    </message>
    <message>
        <source>“%1” %2.</source>
        <translation>«%1»: %2.</translation>
    </message>
    <message>
        <source>Forget the job “%1”? What it made stays in the library.</source>
        <translation>Видалити завдання «%1»? Те, що воно створило, залишиться в бібліотеці.</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <source>Material / section</source>
        <translation>Матеріал / розділ</translation>
    </message>
    <message>
        <source>Kind / where</source>
        <translation>Тип / розташування</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Слова</translation>
    </message>
    <message>
        <source>Materials and sections</source>
        <translation>Матеріали й розділи</translation>
    </message>
    <message>
        <source>&amp;Import files…</source>
        <translation>&amp;Імпортувати файли…</translation>
    </message>
    <message>
        <source>&amp;Delete material…</source>
        <translation>&amp;Видалити матеріал…</translation>
    </message>
    <message>
        <source>Drop PDF, EPUB, text, audio or video files here, or import them.</source>
        <translation>Перетягніть сюди файли PDF, EPUB, текстові, аудіо- чи відеофайли або імпортуйте їх.</translation>
    </message>
    <message>
        <source>The language quizzes are written in. A material&apos;s sections follow it, except those in another.</source>
        <translation>Мова, якою складаються тести. Розділи матеріалу мають цю мову, крім тих, що написані іншою.</translation>
    </message>
    <message>
        <source>&amp;Merge with next section</source>
        <translation>&amp;Об’єднати з наступним розділом</translation>
    </message>
    <message>
        <source>S&amp;plit at cursor</source>
        <translation>&amp;Розділити в місці курсора</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Мова:</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Розділ %1</translation>
    </message>
    <message>
        <source>Drop files here, or import them.</source>
        <translation>Перетягніть сюди файли або імпортуйте їх.</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n слово</numerusform>
            <numerusform>%n слова</numerusform>
            <numerusform>%n слів</numerusform>
        </translation>
    </message>
    <message>
        <source>not known</source>
        <translation>невідомо</translation>
    </message>
    <message>
        <source>Kind: %1</source>
        <translation>Тип: %1</translation>
    </message>
    <message>
        <source>Language: %1</source>
        <translation>Мова: %1</translation>
    </message>
    <message>
        <source>Sections: %1</source>
        <translation>Розділи: %1</translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation>Імпортовано: %1</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>Файл: %1</translation>
    </message>
    <message>
        <source>Importing… The next step shows here once the files are read.</source>
        <translation>Триває імпорт… Наступний крок з’явиться тут, щойно файли буде прочитано.</translation>
    </message>
    <message>
        <source>Your library is empty. Import a PDF, a Word file, slides, a web page, notes or a recording: quizzes are made from what you import.</source>
        <translation>Ваша бібліотека порожня. Імпортуйте PDF, файл Word, слайди, вебсторінку, нотатки чи запис: тести створюються з того, що ви імпортуєте.</translation>
    </message>
    <message>
        <source>Import your &amp;first file…</source>
        <translation>Імпортувати &amp;перший файл…</translation>
    </message>
    <message>
        <source>“%1” has no quiz yet. Next, make one: the Quizzes area opens with it chosen.</source>
        <translation>«%1» ще не має тесту. Далі створіть його: відкриється вкладка «Тести» з цим матеріалом.</translation>
    </message>
    <message>
        <source>Make a &amp;quiz from this material</source>
        <translation>Створити &amp;тест із цього матеріалу</translation>
    </message>
    <message>
        <source>Import material</source>
        <translation>Імпорт матеріалу</translation>
    </message>
    <message>
        <source>Materials (%1);;All files (*)</source>
        <translation>Матеріали (%1);;Усі файли (*)</translation>
    </message>
    <message>
        <source>An import is already running; wait for it or cancel it first.</source>
        <translation>Імпорт уже виконується; дочекайтеся його завершення або спершу скасуйте його.</translation>
    </message>
    <message numerus="yes">
        <source>Import %n file(s)</source>
        <translation>
            <numerusform>Імпорт %n файлу</numerusform>
            <numerusform>Імпорт %n файлів</numerusform>
            <numerusform>Імпорт %n файлів</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is already in the library as “%2”.</source>
        <translation>%1 уже є в бібліотеці як «%2».</translation>
    </message>
    <message numerus="yes">
        <source>%1: imported with %n section(s).</source>
        <translation>
            <numerusform>%1: імпортовано з %n розділом.</numerusform>
            <numerusform>%1: імпортовано з %n розділами.</numerusform>
            <numerusform>%1: імпортовано з %n розділами.</numerusform>
        </translation>
    </message>
    <message>
        <source>Import cancelled; the Jobs area can resume it.</source>
        <translation>Імпорт скасовано; його можна продовжити на вкладці «Завдання».</translation>
    </message>
    <message>
        <source>Delete “%1” with its sections, quizzes, answers and grades?</source>
        <translation>Видалити «%1» разом із його розділами, тестами, відповідями й оцінками?</translation>
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
        <translation>Вкладки</translation>
    </message>
    <message>
        <source>Research</source>
        <translation>Дослідження</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Ctrl+%2)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Довідка</translation>
    </message>
    <message>
        <source>&amp;Welcome…</source>
        <translation>&amp;Вітальне вікно…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Клавіатурні скорочення</translation>
    </message>
    <message>
        <source>&amp;About and licences</source>
        <translation>&amp;Про програму й ліцензії</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Модель: %1</translation>
    </message>
    <message>
        <source>the one that comes with the app</source>
        <translation>та, що постачається з програмою</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>виконується %n завдання</numerusform>
            <numerusform>виконуються %n завдання</numerusform>
            <numerusform>виконується %n завдань</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 done: %3</source>
        <translation>Виконано %1 з %2: %3</translation>
    </message>
    <message>
        <source>Work is still running. Stop it and quit? Finished items are kept; stopped jobs can be resumed.</source>
        <translation>Робота ще триває. Зупинити її та вийти? Виконані елементи збережуться; зупинені завдання можна буде продовжити.</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>Unexpected failure ({kind}: {text}). The details below help to report it.</source>
        <translation>Неочікуваний збій ({kind}: {text}). Подробиці нижче допоможуть повідомити про нього.</translation>
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
        <translation>Модель</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Типова модель</translation>
    </message>
</context>
<context>
    <name>ModelsView</name>
    <message>
        <source>Checking your graphics card…</source>
        <translation>Перевірка відеокарти…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Назва</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Типова</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Джерело</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Розмір</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>RAM</source>
        <translation>ОЗП</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Ліцензія</translation>
    </message>
    <message>
        <source>Languages</source>
        <translation>Мови</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Встановлено</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>Підходить для</translation>
    </message>
    <message>
        <source>&amp;Add a GGUF file…</source>
        <translation>Додати &amp;файл GGUF…</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Вилучити…</translation>
    </message>
    <message>
        <source>Use as &amp;default</source>
        <translation>Зробити &amp;типовою</translation>
    </message>
    <message>
        <source>Do&amp;wnload or resume</source>
        <translation>&amp;Завантажити або продовжити</translation>
    </message>
    <message>
        <source>A cancelled or broken download continues where it stopped.</source>
        <translation>Скасоване чи перерване завантаження продовжиться з місця зупинки.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Адреса</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Моделі</translation>
    </message>
    <message>
        <source>Add a &amp;server…</source>
        <translation>Д&amp;одати сервер…</translation>
    </message>
    <message>
        <source>Remove server…</source>
        <translation>Вилучити сервер…</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>&amp;Перевірити з’єднання</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Звідки</translation>
    </message>
    <message>
        <source>&amp;Use this model</source>
        <translation>Використати &amp;цю модель</translation>
    </message>
    <message>
        <source>The file stays where it is; nothing is copied.</source>
        <translation>Файл залишиться там, де є; нічого не копіюється.</translation>
    </message>
    <message>
        <source>On this computer</source>
        <translation>На цьому комп’ютері</translation>
    </message>
    <message>
        <source>Model servers (OpenAI-compatible)</source>
        <translation>Сервери моделей (сумісні з OpenAI)</translation>
    </message>
    <message>
        <source>Found on disk (Ollama, LM Studio)</source>
        <translation>Знайдено на диску (Ollama, LM Studio)</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>Каталог</translation>
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
        <translation>постачається з програмою</translation>
    </message>
    <message>
        <source>your file</source>
        <translation>ваш файл</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>завантажено</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 ГБ</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>так</translation>
    </message>
    <message>
        <source>Name on the command line: %1</source>
        <translation>Назва в командному рядку: %1</translation>
    </message>
    <message>
        <source>graphics card</source>
        <translation>відеокарта</translation>
    </message>
    <message>
        <source>llama.cpp backends: %1</source>
        <translation>Бекенди llama.cpp: %1</translation>
    </message>
    <message>
        <source>Uses your graphics card for %1 of %2 layers</source>
        <translation>Використовує вашу відеокарту для %1 з %2 шарів</translation>
    </message>
    <message>
        <source>this build of llama.cpp has no GPU support, so models run on the processor.</source>
        <translation>ця збірка llama.cpp не підтримує GPU, тому моделі працюють на процесорі.</translation>
    </message>
    <message>
        <source>How to get one: install the app&apos;s version for graphics cards, or rebuild llama-cpp-python for your card as the section “GPU” of docs/models.md shows.</source>
        <translation>Як це змінити: встановіть версію програми для відеокарт або перезберіть llama-cpp-python для своєї карти, як описано в розділі «GPU» файлу docs/models.md.</translation>
    </message>
    <message>
        <source>Your %1 can be used by models on this computer.</source>
        <translation>%1: її можуть використовувати моделі на цьому комп’ютері.</translation>
    </message>
    <message>
        <source>it is switched off under “GPU layers” in Settings.</source>
        <translation>це вимкнено параметром «Шари на GPU» в Налаштуваннях.</translation>
    </message>
    <message>
        <source>but the model (%1) is larger than the card&apos;s free memory (%2): lower “GPU layers” in Settings so that the rest stays on the processor.</source>
        <translation>але модель (%1) більша за вільну пам’ять карти (%2): зменште «Шари на GPU» в Налаштуваннях, щоб решта залишалася на процесорі.</translation>
    </message>
    <message>
        <source>(%1).</source>
        <translation>(%1).</translation>
    </message>
    <message>
        <source>Only the small model that comes with the app is installed: it shows that everything works, but its quizzes are weak.</source>
        <translation>Встановлено лише малу модель, що постачається з програмою: вона показує, що все працює, але її тести слабкі.</translation>
    </message>
    <message>
        <source>(%1, licence %2.)</source>
        <translation>(%1, ліцензія %2.)</translation>
    </message>
    <message>
        <source>Download %1</source>
        <translation>Завантажити %1</translation>
    </message>
    <message>
        <source>Models found on disk can be used where they lie (below).</source>
        <translation>Моделі, знайдені на диску, можна використовувати там, де вони лежать (нижче).</translation>
    </message>
    <message>
        <source>A model server can be added below.</source>
        <translation>Нижче можна додати сервер моделей.</translation>
    </message>
    <message>
        <source>unreachable: %1</source>
        <translation>недоступний: %1</translation>
    </message>
    <message>
        <source>Add a model</source>
        <translation>Додати модель</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Моделі GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>Перевірка %1…</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>Додано %1.</translation>
    </message>
    <message>
        <source>Remove %1? A downloaded file is deleted; your own files stay where they are.</source>
        <translation>Вилучити %1? Завантажений файл буде видалено; ваші власні файли залишаться там, де є.</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>Вилучено %1.</translation>
    </message>
    <message>
        <source>%1 is now the default model.</source>
        <translation>%1 тепер типова модель.</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Запит моделей у %1…</translation>
    </message>
    <message>
        <source>Saved the server %1.</source>
        <translation>Сервер %1 збережено.</translation>
    </message>
    <message>
        <source>Forget the server %1?</source>
        <translation>Вилучити сервер %1?</translation>
    </message>
    <message>
        <source>Removed the server %1.</source>
        <translation>Сервер %1 вилучено.</translation>
    </message>
    <message>
        <source>Testing %1…</source>
        <translation>Перевірка з’єднання з %1…</translation>
    </message>
    <message>
        <source>%1 answers: model %2, first token after %3 s.</source>
        <translation>%1 відповідає: модель %2, перший токен за %3 с.</translation>
    </message>
    <message>
        <source>%1 does not answer: %2</source>
        <translation>%1 не відповідає: %2</translation>
    </message>
    <message>
        <source>Added %1 where it lies.</source>
        <translation>%1 додано без переміщення.</translation>
    </message>
    <message>
        <source>Downloaded %1.</source>
        <translation>Завантажено %1.</translation>
    </message>
    <message>
        <source>Download cancelled; the partial file is kept and the next download resumes it.</source>
        <translation>Завантаження скасовано; частковий файл збережено, і наступне завантаження продовжить його.</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>Завантаження %1…</translation>
    </message>
</context>
<context>
    <name>ProgressRow</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Скасувати</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Скасування…</translation>
    </message>
</context>
<context>
    <name>QuestionDialog</name>
    <message>
        <source>Add a question</source>
        <translation>Додати питання</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Відкрите</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>З вибором відповіді</translation>
    </message>
    <message>
        <source>True/false</source>
        <translation>Правда/неправда</translation>
    </message>
    <message>
        <source>Cloze</source>
        <translation>З пропуском</translation>
    </message>
    <message>
        <source>Numerical</source>
        <translation>Числове</translation>
    </message>
    <message>
        <source>Matching</source>
        <translation>На відповідність</translation>
    </message>
    <message>
        <source>For cloze, write the gap as %1</source>
        <translation>У питанні з пропуском позначте пропуск як %1</translation>
    </message>
    <message>
        <source>One choice a line; mark the right ones with a leading *</source>
        <translation>Один варіант на рядок; правильні позначте зірочкою * на початку</translation>
    </message>
    <message>
        <source>Reference answer (true or false for true/false)</source>
        <translation>Еталонна відповідь (для «правда/неправда»: true або false)</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Тип:</translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation>&amp;Питання:</translation>
    </message>
    <message>
        <source>Ans&amp;wer choices:</source>
        <translation>В&amp;аріанти відповіді:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>&amp;Відповідь:</translation>
    </message>
    <message>
        <source>P&amp;oints:</source>
        <translation>&amp;Бали:</translation>
    </message>
</context>
<context>
    <name>QuestionEditor</name>
    <message>
        <source>One accepted number a line: 3 ± 0.5, 50 % 3 ± 2 # feedback; unit: cm = 100</source>
        <translation>Одне прийнятне число на рядок: 3 ± 0.5, 50 % 3 ± 2 # відгук; unit: cm = 100</translation>
    </message>
    <message>
        <source>One pair a line: prompt -&gt; answer; -&gt; extra answer</source>
        <translation>Одна пара на рядок: умова -&gt; відповідь; -&gt; зайва відповідь</translation>
    </message>
    <message>
        <source>One choice a line; mark the right ones with a leading *</source>
        <translation>Один варіант на рядок; правильні позначте зірочкою * на початку</translation>
    </message>
    <message>
        <source>Approved</source>
        <translation>Схвалено</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>Відхилено</translation>
    </message>
    <message>
        <source>Sa&amp;ve changes</source>
        <translation>Збере&amp;гти зміни</translation>
    </message>
    <message>
        <source>Questio&amp;n:</source>
        <translation>Питанн&amp;я:</translation>
    </message>
    <message>
        <source>Ans&amp;wer choices:</source>
        <translation>&amp;Варіанти відповіді:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>В&amp;ідповідь:</translation>
    </message>
    <message>
        <source>&amp;Feedback:</source>
        <translation>Відг&amp;ук:</translation>
    </message>
    <message>
        <source>&amp;Points:</source>
        <translation>&amp;Бали:</translation>
    </message>
    <message>
        <source>Statu&amp;s:</source>
        <translation>Ст&amp;ан:</translation>
    </message>
    <message>
        <source>Choose a question to review it.</source>
        <translation>Виберіть питання, щоб його перевірити.</translation>
    </message>
    <message>
        <source>Open question</source>
        <translation>Відкрите питання</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>З вибором відповіді</translation>
    </message>
    <message>
        <source>True or false (answer: true or false)</source>
        <translation>Правда чи неправда (відповідь: true або false)</translation>
    </message>
    <message>
        <source>Cloze (the answer fills the gap _____)</source>
        <translation>З пропуском (відповідь заповнює пропуск _____)</translation>
    </message>
    <message>
        <source>Numerical (a number, right within its tolerance)</source>
        <translation>Числове (число, правильне в межах допуску)</translation>
    </message>
    <message>
        <source>Matching (each prompt with its answer)</source>
        <translation>На відповідність (кожна умова зі своєю відповіддю)</translation>
    </message>
    <message>
        <source>Files: %1</source>
        <translation>Файли: %1</translation>
    </message>
    <message>
        <source>Written or imported by hand; not checked against the material.</source>
        <translation>Написано або імпортовано вручну; не перевірено за матеріалом.</translation>
    </message>
    <message>
        <source>Kept: answering from the passage alone reaches the reference answer.</source>
        <translation>Залишено: відповідь лише за уривком доходить до еталонної відповіді.</translation>
    </message>
    <message>
        <source>Answer from the passage alone: “%1” (agreement %2).</source>
        <translation>Відповідь лише за уривком: «%1» (узгодженість %2).</translation>
    </message>
    <message>
        <source>It can also be answered without the material: it may test general knowledge.</source>
        <translation>На нього можна відповісти й без матеріалу: можливо, воно перевіряє загальні знання.</translation>
    </message>
    <message>
        <source>Dropped: %1.</source>
        <translation>Відхилено: %1.</translation>
    </message>
    <message>
        <source>Not approved yet</source>
        <translation>Ще не схвалено</translation>
    </message>
    <message>
        <source>Approved.</source>
        <translation>Схвалено.</translation>
    </message>
    <message>
        <source>Source: not kept in the library.</source>
        <translation>Джерело: не збережено в бібліотеці.</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Розділ %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Джерело: %1</translation>
    </message>
    <message>
        <source>The key cannot be read: %1</source>
        <translation>Не вдалося прочитати ключ: %1</translation>
    </message>
</context>
<context>
    <name>QuizChooser</name>
    <message>
        <source>Quiz</source>
        <translation>Тест</translation>
    </message>
    <message numerus="yes">
        <source>%1 (#%2, %n question(s))</source>
        <translation>
            <numerusform>%1 (#%2, %n питання)</numerusform>
            <numerusform>%1 (#%2, %n питання)</numerusform>
            <numerusform>%1 (#%2, %n питань)</numerusform>
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
        <translation>Пакет QTI 2.1 (Canvas, Blackboard)</translation>
    </message>
    <message>
        <source>QTI 1.2 package (Canvas Classic Quizzes, Blackboard)</source>
        <translation>Пакет QTI 1.2 (Canvas Classic Quizzes, Blackboard)</translation>
    </message>
    <message>
        <source>Anki deck</source>
        <translation>Колода Anki</translation>
    </message>
    <message>
        <source>CSV spreadsheet</source>
        <translation>Таблиця CSV</translation>
    </message>
    <message>
        <source>Printable PDF</source>
        <translation>PDF для друку</translation>
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
        <translation>Новий тест</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Легка</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Середня</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Складна</translation>
    </message>
    <message>
        <source>that of the material (or e.g. en, de, cs)</source>
        <translation>мова матеріалу (або, напр., en, de, cs)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Від&amp;криті</translation>
    </message>
    <message>
        <source>M&amp;ultiple choice</source>
        <translation>&amp;З вибором відповіді</translation>
    </message>
    <message>
        <source>&amp;True/false</source>
        <translation>Правда/&amp;неправда</translation>
    </message>
    <message>
        <source>Clo&amp;ze</source>
        <translation>З &amp;пропусками</translation>
    </message>
    <message>
        <source>&amp;Material:</source>
        <translation>Мат&amp;еріал:</translation>
    </message>
    <message>
        <source>Sect&amp;ion:</source>
        <translation>&amp;Розділ:</translation>
    </message>
    <message>
        <source>&amp;Questions per section:</source>
        <translation>Питань на ко&amp;жен розділ:</translation>
    </message>
    <message>
        <source>Types:</source>
        <translation>Типи:</translation>
    </message>
    <message>
        <source>Will write:</source>
        <translation>Буде створено:</translation>
    </message>
    <message>
        <source>Diffi&amp;culty:</source>
        <translation>Ск&amp;ладність:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>М&amp;ова:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Модель:</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Типова модель</translation>
    </message>
    <message>
        <source>All sections</source>
        <translation>Усі розділи</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Розділ %1</translation>
    </message>
    <message>
        <source>Finding out which kinds of question this model writes…</source>
        <translation>З’ясовуємо, які типи питань пише ця модель…</translation>
    </message>
    <message>
        <source>The chosen model cannot be read: %1</source>
        <translation>Не вдалося прочитати вибрану модель: %1</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>Choose at least one type of question.</source>
        <translation>Виберіть принаймні один тип питань.</translation>
    </message>
    <message>
        <source>This model is too small to write questions of its own: the items are made from the material. Open questions need a larger model (see Models).</source>
        <translation>Ця модель замала, щоб писати власні питання: завдання створюються з матеріалу. Для відкритих питань потрібна більша модель (див. «Моделі»).</translation>
    </message>
</context>
<context>
    <name>QuizView</name>
    <message>
        <source>Open</source>
        <translation>Відкрите</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>З вибором відповіді</translation>
    </message>
    <message>
        <source>True/false</source>
        <translation>Правда/неправда</translation>
    </message>
    <message>
        <source>Cloze</source>
        <translation>З пропуском</translation>
    </message>
    <message>
        <source>Numerical</source>
        <translation>Числове</translation>
    </message>
    <message>
        <source>Matching</source>
        <translation>На відповідність</translation>
    </message>
    <message>
        <source>true</source>
        <translation>правда</translation>
    </message>
    <message>
        <source>false</source>
        <translation>неправда</translation>
    </message>
    <message>
        <source>&amp;Generate quiz</source>
        <translation>Згенерувати &amp;тест</translation>
    </message>
    <message>
        <source>New empt&amp;y quiz</source>
        <translation>Нови&amp;й порожній тест</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>Експортувати у &amp;файл…</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>Питання</translation>
    </message>
    <message>
        <source>Move up (Ctrl+↑)</source>
        <translation>Перемістити вгору (Ctrl+↑)</translation>
    </message>
    <message>
        <source>Move down (Ctrl+↓)</source>
        <translation>Перемістити вниз (Ctrl+↓)</translation>
    </message>
    <message>
        <source>App&amp;rove</source>
        <translation>С&amp;хвалити</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>В&amp;идалити…</translation>
    </message>
    <message>
        <source>Add &amp;by hand…</source>
        <translation>Додати вру&amp;чну…</translation>
    </message>
    <message>
        <source>Quiz:</source>
        <translation>Тест:</translation>
    </message>
    <message>
        <source>✓ approved</source>
        <translation>✓ схвалено</translation>
    </message>
    <message>
        <source>✗ dropped</source>
        <translation>✗ відхилено</translation>
    </message>
    <message>
        <source>not approved yet</source>
        <translation>ще не схвалено</translation>
    </message>
    <message>
        <source>%1. [%2] %3 (key: %4): %5</source>
        <translation>%1. [%2] %3 (ключ: %4): %5</translation>
    </message>
    <message>
        <source>Key: %1</source>
        <translation>Ключ: %1</translation>
    </message>
    <message>
        <source>The quiz is being written: its questions appear in the list as each section is done.</source>
        <translation>Тест пишеться: його питання з’являються в списку, щойно готовий кожен розділ.</translation>
    </message>
    <message>
        <source>There is nothing to make a quiz from yet: quizzes are made from the files in your library.</source>
        <translation>Поки немає з чого створити тест: тести створюються з файлів у вашій бібліотеці.</translation>
    </message>
    <message>
        <source>Go to the Library</source>
        <translation>Перейти до бібліотеки</translation>
    </message>
    <message>
        <source>No quiz yet. Choose a material and the kinds of question in the form below, or take them as they are, then press Generate quiz.</source>
        <translation>Тестів ще немає. Виберіть матеріал і типи питань у формі нижче або залиште їх як є, а потім натисніть «Згенерувати тест».</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) not approved yet: read each beside its source on the right, edit it if need be, then approve it.</source>
        <translation>
            <numerusform>%n питання ще не схвалено: прочитайте його поруч із джерелом праворуч, за потреби виправте, а тоді схваліть.</numerusform>
            <numerusform>%n питання ще не схвалено: прочитайте кожне поруч із джерелом праворуч, за потреби виправте, а тоді схваліть.</numerusform>
            <numerusform>%n питань ще не схвалено: прочитайте кожне поруч із джерелом праворуч, за потреби виправте, а тоді схваліть.</numerusform>
        </translation>
    </message>
    <message>
        <source>This quiz has no questions yet: generate some, or add them by hand.</source>
        <translation>У цьому тесті ще немає питань: згенеруйте їх або додайте вручну.</translation>
    </message>
    <message>
        <source>No question waits for approval: export the quiz, or sit it under Self-test.</source>
        <translation>Жодне питання вже не чекає на схвалення: експортуйте тест або пройдіть його в Самоперевірці.</translation>
    </message>
    <message>
        <source>Delete the question “%1”?</source>
        <translation>Видалити питання «%1»?</translation>
    </message>
    <message>
        <source>Quiz written by hand</source>
        <translation>Тест, написаний вручну</translation>
    </message>
    <message>
        <source>Quiz on %1</source>
        <translation>Тест: %1</translation>
    </message>
    <message>
        <source>Import a material in the Library first.</source>
        <translation>Спершу імпортуйте матеріал у бібліотеку.</translation>
    </message>
    <message>
        <source>Choose at least one type of question.</source>
        <translation>Виберіть принаймні один тип питань.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Завантаження моделі…</translation>
    </message>
    <message>
        <source>Writing questions: %1 (%2 of %3 sections done)</source>
        <translation>Пишуться питання: %1 (виконано розділів: %2 з %3)</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) kept</source>
        <translation>
            <numerusform>Залишено %n питання</numerusform>
            <numerusform>Залишено %n питання</numerusform>
            <numerusform>Залишено %n питань</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>over %n section(s).</source>
        <translation>
            <numerusform>з %n розділу.</numerusform>
            <numerusform>з %n розділів.</numerusform>
            <numerusform>з %n розділів.</numerusform>
        </translation>
    </message>
    <message>
        <source>Some sections ran out of passages before the count was met.</source>
        <translation>Деяким розділам забракло уривків, перш ніж було досягнуто потрібної кількості.</translation>
    </message>
    <message>
        <source>The model is too small to write questions, so every item was made from the material itself (choose a larger model under Models for questions of its own).</source>
        <translation>Модель замала, щоб писати питання, тому кожне питання створено безпосередньо з матеріалу (щоб модель писала власні питання, виберіть більшу модель на вкладці «Моделі»).</translation>
    </message>
    <message>
        <source>Cancelled: finished sections are kept; the Jobs area can resume the rest.</source>
        <translation>Скасовано: готові розділи збережено; решту можна продовжити на вкладці «Завдання».</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Експорт…</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>Записано %1</translation>
    </message>
</context>
<context>
    <name>Recommendation</name>
    <message>
        <source>SmolLM2 135M, the small model that comes with the app</source>
        <translation>SmolLM2 135M, мала модель, що постачається із застосунком</translation>
    </message>
    <message>
        <source>runs on the graphics card and so writes quickly</source>
        <translation>працює на відеокарті, тому пише швидко</translation>
    </message>
    <message>
        <source>is small enough to write quizzes on the processor alone without long waits</source>
        <translation>достатньо мала, щоб писати тести лише на процесорі без довгого очікування</translation>
    </message>
    <message>
        <source>writes questions and grades answers in %1</source>
        <translation>пише питання й оцінює відповіді мовою %1</translation>
    </message>
    <message>
        <source>writes clear questions and grades written answers</source>
        <translation>пише зрозумілі питання й оцінює письмові відповіді</translation>
    </message>
    <message>
        <source>It needs about %1 GB of the %2 GB of memory here, %3, and %4.</source>
        <translation>Їй потрібно близько %1 ГБ із %2 ГБ пам’яті цього комп’ютера, вона %3 і %4.</translation>
    </message>
    <message>
        <source>Recommended for this computer: %1.</source>
        <translation>Рекомендовано для цього комп’ютера: %1.</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <source>Show e&amp;very machine grade not yet seen by a person</source>
        <translation>Показати &amp;кожну машинну оцінку, якої ще не бачила людина</translation>
    </message>
    <message>
        <source>Show &amp;details (the figures behind the reason)</source>
        <translation>Показати подро&amp;биці (числа, що стоять за обґрунтуванням)</translation>
    </message>
    <message>
        <source>Grades to review</source>
        <translation>Оцінки для перевірки</translation>
    </message>
    <message>
        <source>The answer under review</source>
        <translation>Відповідь, що перевіряється</translation>
    </message>
    <message>
        <source>Enter confirms; a number 0-100 and Enter overrides</source>
        <translation>Enter підтверджує; число 0–100 і Enter замінюють оцінку</translation>
    </message>
    <message>
        <source>&amp;Your grade:</source>
        <translation>В&amp;аша оцінка:</translation>
    </message>
    <message>
        <source>%1 (self-test)</source>
        <translation>%1 (самоперевірка)</translation>
    </message>
    <message>
        <source>Nothing to review.</source>
        <translation>Нема чого перевіряти.</translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation>Питання: %1</translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation>Еталонна відповідь: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>немає</translation>
    </message>
    <message>
        <source>Answer by %1: %2</source>
        <translation>Відповідь від %1: %2</translation>
    </message>
    <message>
        <source>%1/100, %2 · %3: %4</source>
        <translation>%1/100, %2 · %3: %4</translation>
    </message>
    <message numerus="yes">
        <source>%n grade(s) to review, the least sure first</source>
        <translation>
            <numerusform>%n оцінка для перевірки</numerusform>
            <numerusform>%n оцінки для перевірки, спершу найменш упевнені</numerusform>
            <numerusform>%n оцінок для перевірки, спершу найменш упевнені</numerusform>
        </translation>
    </message>
    <message>
        <source>Machine grade: %1/100 (%2). %3</source>
        <translation>Машинна оцінка: %1/100 (%2). %3</translation>
    </message>
    <message>
        <source>! %1</source>
        <translation>! %1</translation>
    </message>
    <message>
        <source>Details:</source>
        <translation>Подробиці:</translation>
    </message>
    <message>
        <source>none kept</source>
        <translation>нічого не збережено</translation>
    </message>
    <message>
        <source>Rubric:</source>
        <translation>Критерії оцінювання:</translation>
    </message>
    <message>
        <source>%1 %2 — %3/%4 points</source>
        <translation>%1 %2 — %3/%4 балів</translation>
    </message>
    <message>
        <source>Found: “%1”</source>
        <translation>Знайдено: «%1»</translation>
    </message>
    <message>
        <source>Feedback: %1</source>
        <translation>Відгук: %1</translation>
    </message>
    <message>
        <source>“%1” is not a grade; type a number from 0 to 100.</source>
        <translation>«%1» — не оцінка; введіть число від 0 до 100.</translation>
    </message>
</context>
<context>
    <name>RobustnessView</name>
    <message>
        <source>&amp;Run the adversarial suite</source>
        <translation>&amp;Запустити змагальний набір</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Категорія</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Відповіді</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>Середній бал</translation>
    </message>
    <message>
        <source>Median score</source>
        <translation>Медіанний бал</translation>
    </message>
    <message>
        <source>Scores per class of answer</source>
        <translation>Бали за категоріями відповідей</translation>
    </message>
    <message>
        <source>Mean score per class</source>
        <translation>Середній бал за категоріями</translation>
    </message>
    <message>
        <source>Machine grades of the quiz&apos;s answers</source>
        <translation>Машинні оцінки відповідей тесту</translation>
    </message>
    <message>
        <source>&amp;Quiz:</source>
        <translation>&amp;Тест:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Модель:</translation>
    </message>
    <message>
        <source>Adversarial suite: controls next to genuine answers</source>
        <translation>Змагальний набір: контрольні відповіді поруч зі справжніми</translation>
    </message>
    <message>
        <source>Teacher metrics of the quiz</source>
        <translation>Метрики Учителя для тесту</translation>
    </message>
    <message>
        <source>Measuring the questions against the material…</source>
        <translation>Вимірювання питань відносно матеріалу…</translation>
    </message>
    <message>
        <source>Teacher metrics weigh each question against the others, so they need at least two kept questions; this quiz has %1.</source>
        <translation>Метрики Учителя зіставляють кожне питання з іншими, тому потребують щонайменше двох залишених питань; у цьому тесті їх %1.</translation>
    </message>
    <message>
        <source>Relevance %1, coverage %2, diversity %3 (questions: %4; windows of the material: %5).</source>
        <translation>Релевантність %1, покриття %2, різноманітність %3 (питань: %4; вікон матеріалу: %5).</translation>
    </message>
    <message>
        <source>Machine grade</source>
        <translation>Машинна оцінка</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Завантаження моделі…</translation>
    </message>
    <message>
        <source>Grading the suite: %1 (%2 of %3 parts done)</source>
        <translation>Оцінювання набору: %1 (виконано частин: %2 з %3)</translation>
    </message>
    <message>
        <source>Cancelled: graded parts are kept; the Jobs area can resume the rest.</source>
        <translation>Скасовано: оцінені частини збережено; решту можна продовжити на вкладці «Завдання».</translation>
    </message>
</context>
<context>
    <name>SelfTestView</name>
    <message>
        <source>me</source>
        <translation>я</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Ім’я</translation>
    </message>
    <message>
        <source>One question at a time</source>
        <translation>По одному питанню</translation>
    </message>
    <message>
        <source>All at once, results at the end</source>
        <translation>Усі разом, результати в кінці</translation>
    </message>
    <message>
        <source>Timed test: shuffled, results at the end</source>
        <translation>Тест на час: перемішано, результати в кінці</translation>
    </message>
    <message>
        <source> min</source>
        <translation> хв</translation>
    </message>
    <message>
        <source>Time limit in minutes</source>
        <translation>Обмеження часу в хвилинах</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>По&amp;чати</translation>
    </message>
    <message>
        <source>&amp;Answer (Ctrl+Enter)</source>
        <translation>&amp;Відповісти (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>S&amp;kip</source>
        <translation>&amp;Пропустити</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>Д&amp;алі</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Результати</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Дата</translation>
    </message>
    <message>
        <source>Quiz</source>
        <translation>Тест</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Відповідей</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Час</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>Середній бал</translation>
    </message>
    <message>
        <source>Past attempts</source>
        <translation>Попередні спроби</translation>
    </message>
    <message>
        <source>Score over attempts</source>
        <translation>Бали за спробами</translation>
    </message>
    <message>
        <source>&amp;Quiz:</source>
        <translation>&amp;Тест:</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>&amp;Ім’я:</translation>
    </message>
    <message>
        <source>M&amp;ode:</source>
        <translation>&amp;Режим:</translation>
    </message>
    <message>
        <source>Time &amp;limit:</source>
        <translation>&amp;Обмеження часу:</translation>
    </message>
    <message>
        <source>Grading mod&amp;el:</source>
        <translation>&amp;Модель оцінювання:</translation>
    </message>
    <message>
        <source>Past attempts by this name on this quiz&apos;s material</source>
        <translation>Попередні спроби під цим ім’ям за матеріалом цього тесту</translation>
    </message>
    <message>
        <source>There is no quiz to sit yet: make one in the Quizzes area first.</source>
        <translation>Ще немає тесту, який можна пройти: спершу створіть його на вкладці «Тести».</translation>
    </message>
    <message>
        <source>Go to Quizzes</source>
        <translation>Перейти до тестів</translation>
    </message>
    <message>
        <source>Time left: %1</source>
        <translation>Залишилося часу: %1</translation>
    </message>
    <message>
        <source>Time is up; unanswered questions count as not answered.</source>
        <translation>Час вийшов; питання без відповіді зараховуються як пропущені.</translation>
    </message>
    <message>
        <source>Question %1 of %2 (%3): %4</source>
        <translation>Питання %1 з %2 (%3): %4</translation>
    </message>
    <message>
        <source>Give an answer, or skip the question.</source>
        <translation>Дайте відповідь або пропустіть питання.</translation>
    </message>
    <message>
        <source>That is not an answer to this question; try again.</source>
        <translation>Це не відповідь на це питання; спробуйте ще раз.</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>&amp;Завершити</translation>
    </message>
    <message>
        <source>Attempt done: %1 of %2 answered in %3.</source>
        <translation>Спробу завершено: ви відповіли на %1 з %2 за %3.</translation>
    </message>
    <message>
        <source>No question was answered.</source>
        <translation>Ви не відповіли на жодне питання.</translation>
    </message>
    <message>
        <source>Your answer: %1</source>
        <translation>Ваша відповідь: %1</translation>
    </message>
    <message>
        <source>Grade: %1/100. %2</source>
        <translation>Оцінка: %1/100. %2</translation>
    </message>
    <message numerus="yes">
        <source>Grading %n open answer(s)…</source>
        <translation>
            <numerusform>Оцінюється %n відкрита відповідь…</numerusform>
            <numerusform>Оцінюються %n відкриті відповіді…</numerusform>
            <numerusform>Оцінюються %n відкритих відповідей…</numerusform>
        </translation>
    </message>
    <message>
        <source>Reference answer: %1</source>
        <translation>Еталонна відповідь: %1</translation>
    </message>
    <message>
        <source>Not graded yet. Reference answer: %1</source>
        <translation>Ще не оцінено. Еталонна відповідь: %1</translation>
    </message>
    <message>
        <source>Grading cancelled; the answers stay ungraded.</source>
        <translation>Оцінювання скасовано; відповіді залишаються неоціненими.</translation>
    </message>
    <message>
        <source> (unfinished)</source>
        <translation> (не завершено)</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Спроба</translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message>
        <source>Add a model server</source>
        <translation>Додати сервер моделей</translation>
    </message>
    <message>
        <source>lab</source>
        <translation>лабораторія</translation>
    </message>
    <message>
        <source>optional, e.g. LAB_API_KEY</source>
        <translation>необов’язково, напр. LAB_API_KEY</translation>
    </message>
    <message>
        <source>optional; kept in the system keyring</source>
        <translation>необов’язково; зберігається у сховищі ключів системи</translation>
    </message>
    <message>
        <source>Do not verify the TLS certificate (only on a network you trust)</source>
        <translation>Не перевіряти сертифікат TLS (лише в мережі, якій ви довіряєте)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Назва</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Адреса</translation>
    </message>
    <message>
        <source>API key variable</source>
        <translation>Змінна з ключем API</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Ключ API</translation>
    </message>
</context>
<context>
    <name>SettingsView</name>
    <message>
        <source>Choose another &amp;folder…</source>
        <translation>&amp;Вибрати іншу теку…</translation>
    </message>
    <message>
        <source>Use the s&amp;ystem&apos;s folder</source>
        <translation>Використовувати &amp;системну теку</translation>
    </message>
    <message>
        <source>automatic (one per core)</source>
        <translation>автоматично (один на ядро)</translation>
    </message>
    <message>
        <source>all, when there is a GPU</source>
        <translation>усі, якщо є GPU</translation>
    </message>
    <message>
        <source>the Hugging Face hub (or a mirror&apos;s address)</source>
        <translation>Hugging Face Hub (або адреса дзеркала)</translation>
    </message>
    <message>
        <source>detect (or e.g. en, de, cs, uk)</source>
        <translation>визначати автоматично (або, напр., en, de, cs, uk)</translation>
    </message>
    <message>
        <source>the system&apos;s language</source>
        <translation>мова системи</translation>
    </message>
    <message>
        <source>&amp;Save settings</source>
        <translation>&amp;Зберегти налаштування</translation>
    </message>
    <message>
        <source>Library folder</source>
        <translation>Тека бібліотеки</translation>
    </message>
    <message>
        <source>In use:</source>
        <translation>Використовується:</translation>
    </message>
    <message>
        <source>Next start:</source>
        <translation>Наступний запуск:</translation>
    </message>
    <message>
        <source>Models and llama.cpp</source>
        <translation>Моделі та llama.cpp</translation>
    </message>
    <message>
        <source>Default &amp;model:</source>
        <translation>&amp;Типова модель:</translation>
    </message>
    <message>
        <source>CPU &amp;threads:</source>
        <translation>&amp;Потоки CPU:</translation>
    </message>
    <message>
        <source>Largest &amp;context (tokens):</source>
        <translation>Найбільший &amp;контекст (токени):</translation>
    </message>
    <message>
        <source>&amp;GPU layers:</source>
        <translation>&amp;Шари на GPU:</translation>
    </message>
    <message>
        <source>Model hu&amp;b address:</source>
        <translation>&amp;Адреса хабу моделей:</translation>
    </message>
    <message>
        <source>Importing</source>
        <translation>Імпорт</translation>
    </message>
    <message>
        <source>Speech &amp;recogniser:</source>
        <translation>&amp;Розпізнавання мовлення:</translation>
    </message>
    <message>
        <source>&amp;Whisper model:</source>
        <translation>Мод&amp;ель Whisper:</translation>
    </message>
    <message>
        <source>Language of rec&amp;ordings:</source>
        <translation>М&amp;ова записів:</translation>
    </message>
    <message>
        <source>Largest section (to&amp;kens):</source>
        <translation>&amp;Найбільший розділ (токени):</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Інтерфейс</translation>
    </message>
    <message>
        <source>(used from the next start)</source>
        <translation>(діє після перезапуску)</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Мова:</translation>
    </message>
    <message>
        <source>Light or dark colours follow your system&apos;s settings.</source>
        <translation>Світлі чи темні кольори відповідають налаштуванням вашої системи.</translation>
    </message>
    <message>
        <source>the model that comes with the app</source>
        <translation>модель, що постачається з програмою</translation>
    </message>
    <message>
        <source>multilingual</source>
        <translation>багатомовна</translation>
    </message>
    <message>
        <source>English only</source>
        <translation>лише англійська</translation>
    </message>
    <message>
        <source>not installed: %1</source>
        <translation>не встановлено: %1</translation>
    </message>
    <message>
        <source>(but $%1 is set and wins)</source>
        <translation>(але задано змінну $%1, і вона має перевагу)</translation>
    </message>
    <message>
        <source>Saved. Models loaded from now on use these settings.</source>
        <translation>Збережено. Моделі, завантажені відтепер, використовуватимуть ці налаштування.</translation>
    </message>
</context>
<context>
    <name>StudyView</name>
    <message>
        <source>me</source>
        <translation>я</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Ім’я</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>Матеріал</translation>
    </message>
    <message>
        <source>Due now</source>
        <translation>На черзі зараз</translation>
    </message>
    <message>
        <source>Later today</source>
        <translation>Пізніше сьогодні</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>Картки</translation>
    </message>
    <message>
        <source>Review cards per material</source>
        <translation>Картки для повторення за матеріалами</translation>
    </message>
    <message>
        <source>&amp;Review due cards</source>
        <translation>&amp;Повторити картки на черзі</translation>
    </message>
    <message>
        <source>&amp;Show answer (Ctrl+Enter)</source>
        <translation>Показати &amp;відповідь (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation>Правильна відповідь</translation>
    </message>
    <message>
        <source>&amp;1 Again</source>
        <translation>&amp;1 Знову</translation>
    </message>
    <message>
        <source>&amp;2 Hard</source>
        <translation>&amp;2 Важко</translation>
    </message>
    <message>
        <source>&amp;3 Good</source>
        <translation>&amp;3 Добре</translation>
    </message>
    <message>
        <source>&amp;4 Easy</source>
        <translation>&amp;4 Легко</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>&amp;Ім’я:</translation>
    </message>
    <message>
        <source>(deleted material)</source>
        <translation>(видалений матеріал)</translation>
    </message>
    <message>
        <source>Nothing to review yet: questions you miss in a self-test or a timed test come here.</source>
        <translation>Поки нема чого повторювати: сюди потрапляють питання, на які ви відповіли неправильно під час самоперевірки чи тесту на час.</translation>
    </message>
    <message>
        <source>Sit a self-test</source>
        <translation>Пройти самоперевірку</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) due now.</source>
        <translation>
            <numerusform>Зараз на черзі %n картка.</numerusform>
            <numerusform>Зараз на черзі %n картки.</numerusform>
            <numerusform>Зараз на черзі %n карток.</numerusform>
        </translation>
    </message>
    <message>
        <source>Card %1 of %2 (%3): %4</source>
        <translation>Картка %1 з %2 (%3): %4</translation>
    </message>
    <message>
        <source>Right answer: %1</source>
        <translation>Правильна відповідь: %1</translation>
    </message>
    <message numerus="yes">
        <source>Review done: %n card(s) reviewed.</source>
        <translation>
            <numerusform>Повторення завершено: повторено %n картку.</numerusform>
            <numerusform>Повторення завершено: повторено %n картки.</numerusform>
            <numerusform>Повторення завершено: повторено %n карток.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TripletJudging</name>
    <message>
        <source>Triplet set</source>
        <translation>Набір трійок</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Ваше ім’я</translation>
    </message>
    <message>
        <source>Your name, kept with your judgments</source>
        <translation>Ваше ім’я, що зберігається разом із вашими судженнями</translation>
    </message>
    <message>
        <source>%1: odd one out</source>
        <translation>%1: зайвий</translation>
    </message>
    <message>
        <source>&amp;Set:</source>
        <translation>&amp;Набір:</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>Е&amp;ксперт:</translation>
    </message>
    <message>
        <source>Which text is least like the other two? Press 1, 2 or 3.</source>
        <translation>Який текст найменше схожий на два інші? Натисніть 1, 2 або 3.</translation>
    </message>
    <message>
        <source>No triplet sets yet: `sensemaking triplets create` makes one.</source>
        <translation>Наборів трійок ще немає: `sensemaking triplets create` створює набір.</translation>
    </message>
    <message>
        <source>Type your name to start judging.</source>
        <translation>Введіть своє ім’я, щоб почати порівнювати.</translation>
    </message>
    <message numerus="yes">
        <source>%n triplet(s) left to judge.</source>
        <translation>
            <numerusform>Залишилося оцінити %n трійку.</numerusform>
            <numerusform>Залишилося оцінити %n трійки.</numerusform>
            <numerusform>Залишилося оцінити %n трійок.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <source>Welcome</source>
        <translation>Ласкаво просимо</translation>
    </message>
    <message>
        <source>&lt;p&gt;Sensemaking Desktop writes quizzes from your own material, on your own computer.&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Bring material in&lt;/b&gt;: a PDF, a Word or text file, a recording.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Make a quiz&lt;/b&gt;: a local model writes questions, each checked against the material.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Use it&lt;/b&gt;: test yourself, hand it out, or grade a class&apos;s answers.&lt;/li&gt;&lt;/ol&gt;</source>
        <translation>&lt;p&gt;Sensemaking Desktop створює тести з вашого власного матеріалу, на вашому власному комп’ютері.&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Додайте матеріал&lt;/b&gt;: PDF, документ Word чи текстовий файл, запис.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Створіть тест&lt;/b&gt;: локальна модель пише питання й перевіряє кожне за матеріалом.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Використовуйте його&lt;/b&gt;: перевірте себе, роздайте учням або оцініть відповіді класу.&lt;/li&gt;&lt;/ol&gt;</translation>
    </message>
    <message>
        <source>Models to download</source>
        <translation>Моделі для завантаження</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>Підходить для</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Завантаження</translation>
    </message>
    <message>
        <source>Memory it needs</source>
        <translation>Потрібна пам’ять</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Завантажити</translation>
    </message>
    <message>
        <source>Model server address</source>
        <translation>Адреса сервера моделей</translation>
    </message>
    <message>
        <source>Use this se&amp;rver</source>
        <translation>Використати &amp;цей сервер</translation>
    </message>
    <message>
        <source>Open the &amp;sample material</source>
        <translation>&amp;Відкрити зразок матеріалу</translation>
    </message>
    <message>
        <source>A short text about the water cycle, to make a first quiz at once.</source>
        <translation>Короткий текст про кругообіг води, щоб одразу створити перший тест.</translation>
    </message>
    <message>
        <source>S&amp;kip</source>
        <translation>&amp;Пропустити</translation>
    </message>
    <message>
        <source>A model to write with</source>
        <translation>Модель, яка писатиме питання</translation>
    </message>
    <message>
        <source>Use a model &amp;file you already have…</source>
        <translation>Використати наявний &amp;файл моделі…</translation>
    </message>
    <message>
        <source>Access key, if it asks for one</source>
        <translation>Ключ доступу, якщо він його вимагає</translation>
    </message>
    <message>
        <source>Kept in the system&apos;s keyring, never in the library.</source>
        <translation>Зберігається у сховищі ключів системи, ніколи в бібліотеці.</translation>
    </message>
    <message>
        <source>Model server access key</source>
        <translation>Ключ доступу до сервера моделей</translation>
    </message>
    <message>
        <source>Or a model server on your network:</source>
        <translation>Або сервер моделей у вашій мережі:</translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: llama.cpp, vLLM, Ollama, LM Studio.</source>
        <translation>Будь-який сервер з OpenAI API: llama.cpp, vLLM, Ollama, LM Studio.</translation>
    </message>
    <message>
        <source>Looking for models on this computer…</source>
        <translation>Пошук моделей на цьому комп’ютері…</translation>
    </message>
    <message>
        <source>On this computer: %1. The one that comes with the app is small and quick; a larger download writes much better questions.</source>
        <translation>На цьому комп’ютері: %1. Модель, що постачається з програмою, мала й швидка; більша завантажена модель пише значно кращі питання.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>немає</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1 (рекомендовано)</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 ГБ</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Запит моделей у %1…</translation>
    </message>
    <message>
        <source>Saved the server as %1 (serving %2); new quizzes are written with it.</source>
        <translation>Сервер збережено як %1 (надає %2); нові тести писатимуться за його допомогою.</translation>
    </message>
    <message>
        <source>Nothing was saved. %1</source>
        <translation>Нічого не збережено. %1</translation>
    </message>
</context>
</TS>
