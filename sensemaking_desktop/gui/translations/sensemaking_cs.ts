<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs_CZ">
<context>
    <name>AgreementPanel</name>
    <message>
        <source>Machine grades against human grades</source>
        <translation>Strojová hodnocení ve srovnání s lidskými</translation>
    </message>
    <message>
        <source>Agreement per question</source>
        <translation>Shoda podle otázek</translation>
    </message>
    <message>
        <source>No answer has both a person&apos;s and a machine grade yet.</source>
        <translation>Zatím žádná odpověď nemá hodnocení od člověka i strojové hodnocení.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) graded by you and by the app. You agree on right, partly right or wrong for %2 of them; the app&apos;s grades are typically %3 points from yours.</source>
        <translation>
            <numerusform>%n odpověď hodnocena vámi i aplikací. U %2 z nich se shodnete, zda je správná, částečně správná, nebo špatná; hodnocení aplikace se od vašeho liší o %3 bodů.</numerusform>
            <numerusform>%n odpovědi hodnoceny vámi i aplikací. U %2 z nich se shodnete, zda je správná, částečně správná, nebo špatná; hodnocení aplikace se od vašich obvykle liší o %3 bodů.</numerusform>
            <numerusform>%n odpovědí hodnoceno vámi i aplikací. U %2 z nich se shodnete, zda je správná, částečně správná, nebo špatná; hodnocení aplikace se od vašich obvykle liší o %3 bodů.</numerusform>
        </translation>
    </message>
    <message>
        <source>Pearson %1, Spearman %2, quadratic weighted kappa %3, root mean square error %4.</source>
        <translation>Pearson %1, Spearman %2, kvadraticky vážená kappa %3, odmocnina střední kvadratické chyby %4.</translation>
    </message>
    <message>
        <source>Human grade</source>
        <translation>Hodnocení člověkem</translation>
    </message>
    <message>
        <source>Machine grade</source>
        <translation>Strojové hodnocení</translation>
    </message>
    <message>
        <source>Q%1</source>
        <translation>O%1</translation>
    </message>
    <message>
        <source>Same class (%)</source>
        <translation>Stejná třída (%)</translation>
    </message>
</context>
<context>
    <name>AnswerInput</name>
    <message>
        <source>Choices</source>
        <translation>Varianty odpovědí</translation>
    </message>
    <message>
        <source>Your answer for the gap</source>
        <translation>Vaše odpověď do mezery</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Vaše odpověď</translation>
    </message>
    <message>
        <source>true</source>
        <translation>pravda</translation>
    </message>
    <message>
        <source>false</source>
        <translation>nepravda</translation>
    </message>
    <message>
        <source>A number</source>
        <translation>Číslo</translation>
    </message>
    <message>
        <source>(choose)</source>
        <translation>(vyberte)</translation>
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
        <translation>Úlohy</translation>
    </message>
    <message>
        <source>Quizzes</source>
        <translation>Kvízy</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>Experimenty</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Nastavení</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Knihovna</translation>
    </message>
    <message>
        <source>Robustness &amp; metrics</source>
        <translation>Robustnost a metriky</translation>
    </message>
    <message>
        <source>Study</source>
        <translation>Učení</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>Sebetestování</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modely</translation>
    </message>
    <message>
        <source>Grading</source>
        <translation>Hodnocení</translation>
    </message>
</context>
<context>
    <name>ClassWorkspacePanel</name>
    <message>
        <source>&amp;Open the class for grading</source>
        <translation>Otevřít třídu k &amp;hodnocení</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Otázka</translation>
    </message>
    <message>
        <source>Ne&amp;xt to grade (N)</source>
        <translation>&amp;Další k hodnocení (N)</translation>
    </message>
    <message>
        <source>Answer grou&amp;ps</source>
        <translation>Skupin&amp;y odpovědí</translation>
    </message>
    <message>
        <source>Suggestions to chec&amp;k</source>
        <translation>Návrhy ke kont&amp;role</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Odpovědi</translation>
    </message>
    <message>
        <source>Grade</source>
        <translation>Hodnocení</translation>
    </message>
    <message>
        <source>Answer that stands for the group</source>
        <translation>Odpověď zastupující skupinu</translation>
    </message>
    <message>
        <source>Groups of answers, largest first</source>
        <translation>Skupiny odpovědí, největší první</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>Návrh</translation>
    </message>
    <message>
        <source>Suggestions to check, the same grade together, largest first</source>
        <translation>Návrhy ke kontrole, stejné hodnocení pohromadě, největší první</translation>
    </message>
    <message>
        <source>Student</source>
        <translation>Student</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Jistota</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Důvod</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Odpověď</translation>
    </message>
    <message>
        <source>Answers in the group</source>
        <translation>Odpovědi ve skupině</translation>
    </message>
    <message>
        <source>The answer in focus</source>
        <translation>Vybraná odpověď</translation>
    </message>
    <message>
        <source>0-100, then Enter</source>
        <translation>0-100, pak Enter</translation>
    </message>
    <message>
        <source>Gi&amp;ve this grade</source>
        <translation>&amp;Udělit toto hodnocení</translation>
    </message>
    <message>
        <source>&amp;Split off (S)</source>
        <translation>Oddě&amp;lit (S)</translation>
    </message>
    <message>
        <source>&amp;Move to group… (M)</source>
        <translation>&amp;Přesunout do skupiny… (M)</translation>
    </message>
    <message>
        <source>Con&amp;firm these suggestions</source>
        <translation>Potvrdit z&amp;bývající návrhy</translation>
    </message>
    <message>
        <source>Grades of the class, a row per student</source>
        <translation>Hodnocení třídy, řádek na studenta</translation>
    </message>
    <message>
        <source>● your grade · ◆ your group action · A automatic · ? suggestion to review</source>
        <translation>● vaše hodnocení · ◆ vaše akce pro skupinu · A automaticky · ? návrh ke kontrole</translation>
    </message>
    <message>
        <source>&amp;Export final grades…</source>
        <translation>&amp;Exportovat konečná hodnocení…</translation>
    </message>
    <message>
        <source>Export for a gra&amp;debook…</source>
        <translation>Exportovat pro třídní &amp;knihu…</translation>
    </message>
    <message>
        <source>Questio&amp;n:</source>
        <translation>&amp;Otázka:</translation>
    </message>
    <message>
        <source>Ans&amp;wers in the group:</source>
        <translation>Odpovědi &amp;ze skupiny:</translation>
    </message>
    <message>
        <source>G&amp;rade:</source>
        <translation>Hodno&amp;cení:</translation>
    </message>
    <message>
        <source>&amp;Class, a row per student:</source>
        <translation>Třída, &amp;jeden řádek na studenta:</translation>
    </message>
    <message>
        <source>Choose a quiz.</source>
        <translation>Vyberte kvíz.</translation>
    </message>
    <message>
        <source>This quiz has no answers from people yet: import a class&apos;s answers (CSV) above.</source>
        <translation>Tento kvíz zatím nemá odpovědi od lidí: importujte výše odpovědi třídy (CSV).</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s)</source>
        <translation>
            <numerusform>%n odpověď</numerusform>
            <numerusform>%n odpovědi</numerusform>
            <numerusform>%n odpovědí</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n student(s).</source>
        <translation>
            <numerusform>od %n studenta.</numerusform>
            <numerusform>od %n studentů.</numerusform>
            <numerusform>od %n studentů.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the class to see its answers in groups and grade them.</source>
        <translation>Otevřete třídu, abyste viděli její odpovědi ve skupinách a mohli je hodnotit.</translation>
    </message>
    <message>
        <source>&amp;Update the grades</source>
        <translation>&amp;Aktualizovat hodnocení</translation>
    </message>
    <message>
        <source>Type a grade and press Enter to give it to the group in focus; N shows what to grade next.</source>
        <translation>Napište hodnocení a stiskněte Enter, tím ho udělíte vybrané skupině; N ukáže, co hodnotit dál.</translation>
    </message>
    <message>
        <source>Loading the grading model and grouping the answers…</source>
        <translation>Načítá se hodnoticí model a odpovědi se seskupují…</translation>
    </message>
    <message>
        <source>The class is graded again from your grades.</source>
        <translation>Třída je znovu ohodnocena podle vašich hodnocení.</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Pracuje se…</translation>
    </message>
    <message>
        <source>Still working on the last step; try again in a moment.</source>
        <translation>Poslední krok ještě probíhá; zkuste to za chvíli znovu.</translation>
    </message>
    <message>
        <source>Answers differ by</source>
        <translation>Rozdíl odpovědí</translation>
    </message>
    <message>
        <source>How far in meaning the group&apos;s least alike answer is from the one that stands for it: 0 when all say it in the same words.</source>
        <translation>Jak daleko je významem nejméně podobná odpověď skupiny od odpovědi, která ji zastupuje: 0, když všechny říkají totéž stejnými slovy.</translation>
    </message>
    <message>
        <source>Q%1: %2</source>
        <translation>O%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>No suggestion yet — %n answer(s)</source>
        <translation>
            <numerusform>Zatím bez návrhu — %n odpověď</numerusform>
            <numerusform>Zatím bez návrhu — %n odpovědi</numerusform>
            <numerusform>Zatím bez návrhu — %n odpovědí</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Suggested %1 — %n answer(s)</source>
        <translation>
            <numerusform>Navrženo %1 — %n odpověď</numerusform>
            <numerusform>Navrženo %1 — %n odpovědi</numerusform>
            <numerusform>Navrženo %1 — %n odpovědí</numerusform>
        </translation>
    </message>
    <message>
        <source>yours, %1 to %2</source>
        <translation>vaše, %1 až %2</translation>
    </message>
    <message>
        <source>%1 of %2 yours</source>
        <translation>vaše: %1 z %2</translation>
    </message>
    <message>
        <source>mixed, %1 to %2</source>
        <translation>smíšené, %1 až %2</translation>
    </message>
    <message>
        <source>Not graded yet.</source>
        <translation>Zatím neohodnoceno.</translation>
    </message>
    <message>
        <source>Your grade, given to a group of answers in one action: %1.</source>
        <translation>Vaše hodnocení, udělené skupině odpovědí jednou akcí: %1.</translation>
    </message>
    <message>
        <source>Your grade: %1.</source>
        <translation>Vaše hodnocení: %1.</translation>
    </message>
    <message>
        <source>Automatic grade %1 (confidence %2): %3</source>
        <translation>Automatické hodnocení %1 (jistota %2): %3</translation>
    </message>
    <message>
        <source>Suggested grade %1, to review (confidence %2): %3</source>
        <translation>Navržené hodnocení %1, ke kontrole (jistota %2): %3</translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation>Otázka: %1</translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation>Referenční odpověď: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>žádná</translation>
    </message>
    <message>
        <source>Answer by %1: %2</source>
        <translation>Odpověď od %1: %2</translation>
    </message>
    <message>
        <source>Q%1</source>
        <translation>O%1</translation>
    </message>
    <message>
        <source>Enter confirms the suggestions of the group in focus; a number and Enter gives it that grade instead. Right walks through its answers, to grade or confirm one alone.</source>
        <translation>Enter potvrdí návrhy vybrané skupiny; číslo a Enter jí místo toho udělí toto hodnocení. Šipkou doprava projdete její odpovědi a jednu ohodnotíte nebo potvrdíte samostatně.</translation>
    </message>
    <message>
        <source>Nothing to check for this question: no answer has a suggested grade.</source>
        <translation>U této otázky není co kontrolovat: žádná odpověď nemá navržené hodnocení.</translation>
    </message>
    <message>
        <source>Every group has a grade of yours: check the suggestions for the rest, the same grade together. Enter confirms a group of them; a number and Enter gives a grade instead.</source>
        <translation>Každá skupina má vaše hodnocení: zkontrolujte návrhy pro ostatní odpovědi, stejné hodnocení pohromadě. Enter potvrdí skupinu návrhů; číslo a Enter místo toho udělí hodnocení.</translation>
    </message>
    <message>
        <source>Type a grade from 0 to 100 first, then press Enter.</source>
        <translation>Nejdřív napište hodnocení od 0 do 100, pak stiskněte Enter.</translation>
    </message>
    <message>
        <source>“%1” is not a grade; type a number from 0 to 100.</source>
        <translation>„%1“ není hodnocení; zadejte číslo od 0 do 100.</translation>
    </message>
    <message>
        <source>Choose a group or an answer to grade first.</source>
        <translation>Nejdřív vyberte skupinu nebo odpověď k hodnocení.</translation>
    </message>
    <message numerus="yes">
        <source>You gave %1 to %n answer(s) in one action.</source>
        <translation>
            <numerusform>Jednou akcí jste udělili %1 %n odpovědi.</numerusform>
            <numerusform>Jednou akcí jste udělili %1 %n odpovědím.</numerusform>
            <numerusform>Jednou akcí jste udělili %1 %n odpovědím.</numerusform>
        </translation>
    </message>
    <message>
        <source>These answers have no suggested grade yet: type a grade for them and press Enter.</source>
        <translation>Tyto odpovědi zatím nemají navržené hodnocení: napište jim hodnocení a stiskněte Enter.</translation>
    </message>
    <message numerus="yes">
        <source>You confirmed %n suggested grade(s) in one action.</source>
        <translation>
            <numerusform>Potvrdili jste %n navržené hodnocení jednou akcí.</numerusform>
            <numerusform>Potvrdili jste %n navržená hodnocení jednou akcí.</numerusform>
            <numerusform>Potvrdili jste %n navržených hodnocení jednou akcí.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the answers to split off among the group&apos;s answers first.</source>
        <translation>Nejdřív mezi odpověďmi skupiny vyberte ty, které chcete oddělit.</translation>
    </message>
    <message>
        <source>These are all the answers of the group; choose fewer to split them off.</source>
        <translation>To jsou všechny odpovědi skupiny; k oddělení jich vyberte méně.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) split off into a group of their own.</source>
        <translation>
            <numerusform>%n odpověď oddělena do vlastní skupiny.</numerusform>
            <numerusform>%n odpovědi odděleny do vlastní skupiny.</numerusform>
            <numerusform>%n odpovědí odděleno do vlastní skupiny.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the answers to move among the group&apos;s answers first.</source>
        <translation>Nejdřív mezi odpověďmi skupiny vyberte ty, které chcete přesunout.</translation>
    </message>
    <message>
        <source>This question has no other group to move answers to.</source>
        <translation>Tato otázka nemá jinou skupinu, kam odpovědi přesunout.</translation>
    </message>
    <message>
        <source>Move to group</source>
        <translation>Přesunout do skupiny</translation>
    </message>
    <message numerus="yes">
        <source>Move %n answer(s) to the group of:</source>
        <translation>
            <numerusform>Přesunout %n odpověď do skupiny odpovědi:</numerusform>
            <numerusform>Přesunout %n odpovědi do skupiny odpovědi:</numerusform>
            <numerusform>Přesunout %n odpovědí do skupiny odpovědi:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) moved to another group.</source>
        <translation>
            <numerusform>%n odpověď přesunuta do jiné skupiny.</numerusform>
            <numerusform>%n odpovědi přesunuty do jiné skupiny.</numerusform>
            <numerusform>%n odpovědí přesunuto do jiné skupiny.</numerusform>
        </translation>
    </message>
    <message>
        <source>Answers are split and moved among the answer groups: show those first.</source>
        <translation>Odpovědi se oddělují a přesouvají ve skupinách odpovědí: nejprve zobrazte ty.</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s): %1</source>
        <translation>
            <numerusform>%n odpověď: %1</numerusform>
            <numerusform>%n odpovědi: %1</numerusform>
            <numerusform>%n odpovědí: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is left to grade for this question.</source>
        <translation>U této otázky už nic nezbývá k hodnocení.</translation>
    </message>
    <message>
        <source>Grade %1&apos;s answer next: type its grade and press Enter.</source>
        <translation>Dál ohodnoťte odpověď studenta %1: napište hodnocení a stiskněte Enter.</translation>
    </message>
    <message>
        <source>Export for a gradebook</source>
        <translation>Exportovat pro třídní knihu</translation>
    </message>
    <message>
        <source>Export final grades</source>
        <translation>Exportovat konečná hodnocení</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Soubory CSV (*.csv)</translation>
    </message>
    <message>
        <source>Final grades written to %1: %2 yours, %3 automatic, %4 graded by the app, %5 ungraded; %6 suggested, left out of the score columns.</source>
        <translation>Konečná hodnocení uložena do %1: vaše %2, automatická %3, hodnocená aplikací %4, bez hodnocení %5; navržená %6, mimo sloupce bodů.</translation>
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
        <translation>&amp;Otevřít…</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Uložit…</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Spustit</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfigurace</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>Žebříček</translation>
    </message>
    <message>
        <source>Metric in the plot</source>
        <translation>Metrika v grafu</translation>
    </message>
    <message>
        <source>The metric with its interval for each configuration</source>
        <translation>Metrika s intervalem pro každou konfiguraci</translation>
    </message>
    <message>
        <source>E&amp;xperiment:</source>
        <translation>&amp;Experiment:</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Metrika:</translation>
    </message>
    <message>
        <source>Triplets</source>
        <translation>Trojice</translation>
    </message>
    <message>
        <source>The experiment</source>
        <translation>Experiment</translation>
    </message>
    <message numerus="yes">
        <source>Valid: %n configuration(s)</source>
        <translation>
            <numerusform>Platné: %n konfigurace</numerusform>
            <numerusform>Platné: %n konfigurace</numerusform>
            <numerusform>Platné: %n konfigurací</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>over %n dataset(s).</source>
        <translation>
            <numerusform>nad %n datovou sadou.</numerusform>
            <numerusform>nad %n datovými sadami.</numerusform>
            <numerusform>nad %n datovými sadami.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 nelze přečíst: %2</translation>
    </message>
    <message>
        <source>Open an experiment</source>
        <translation>Otevřít experiment</translation>
    </message>
    <message>
        <source>Save the experiment</source>
        <translation>Uložit experiment</translation>
    </message>
    <message>
        <source>Reading the datasets and loading the model…</source>
        <translation>Načítají se datové sady a model…</translation>
    </message>
    <message>
        <source>Cell %1 (%2 of %3 parts done)</source>
        <translation>Buňka %1 (hotovo %2 z %3 částí)</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export quiz</source>
        <translation>Export kvízu</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Formát</translation>
    </message>
    <message>
        <source>File to write</source>
        <translation>Soubor k zápisu</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Procházet…</translation>
    </message>
    <message>
        <source>Choose the file to write</source>
        <translation>Zvolte soubor k zápisu</translation>
    </message>
    <message>
        <source>Also write the &amp;answer key, as a file of its own</source>
        <translation>Zapsat také &amp;klíč odpovědí, jako samostatný soubor</translation>
    </message>
    <message>
        <source>Include &amp;dropped questions (the checks left them out of the quiz)</source>
        <translation>&amp;Zahrnout i vyřazené otázky (kontroly je z kvízu vynechaly)</translation>
    </message>
    <message>
        <source>Shuffle the &amp;question order</source>
        <translation>Zamíchat pořadí &amp;otázek</translation>
    </message>
    <message>
        <source>Shuffle the &amp;choices</source>
        <translation>Zamíchat &amp;možnosti</translation>
    </message>
    <message>
        <source>Number of versions</source>
        <translation>Počet verzí</translation>
    </message>
    <message>
        <source>Versions A, B, … in different orders, each with its own answer key.</source>
        <translation>Verze A, B, … v různém pořadí, každá s vlastním klíčem odpovědí.</translation>
    </message>
    <message>
        <source>Shuffle seed</source>
        <translation>Výchozí hodnota míchání</translation>
    </message>
    <message>
        <source>The same seed makes the same versions again.</source>
        <translation>Stejná výchozí hodnota vytvoří znovu stejné verze.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formát:</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Soubor:</translation>
    </message>
    <message>
        <source>&amp;Versions:</source>
        <translation>&amp;Verze:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>Výchozí &amp;hodnota:</translation>
    </message>
    <message>
        <source>Versions differ only when the questions or the choices are shuffled.</source>
        <translation>Verze se liší, jen když se míchají otázky nebo možnosti.</translation>
    </message>
    <message>
        <source>Writes %1 versions, each with its own answer key.</source>
        <translation>Zapíše %1 verze, každou s vlastním klíčem odpovědí.</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <source>p. {page}</source>
        <translation>s. {page}</translation>
    </message>
    <message>
        <source>pp. {first}–{last}</source>
        <translation>s. {first}–{last}</translation>
    </message>
    <message>
        <source>From the material: “%1”</source>
        <translation>Z materiálu: „%1“</translation>
    </message>
    <message>
        <source>From the material, %2: “%1”</source>
        <translation>Z materiálu, %2: „%1“</translation>
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
        <translation>aplikace nedokáže říct, jak si je jistá</translation>
    </message>
    <message>
        <source>the app is unsure</source>
        <translation>aplikace si není jistá</translation>
    </message>
    <message>
        <source>the app is not quite sure</source>
        <translation>aplikace si není úplně jistá</translation>
    </message>
    <message>
        <source>the app is fairly sure</source>
        <translation>aplikace si je celkem jistá</translation>
    </message>
    <message>
        <source>the app is sure</source>
        <translation>aplikace si je jistá</translation>
    </message>
</context>
<context>
    <name>GradingView</name>
    <message>
        <source>&amp;Import class answers (CSV)…</source>
        <translation>&amp;Importovat odpovědi třídy (CSV)…</translation>
    </message>
    <message>
        <source>Grade agai&amp;n answers that have a machine grade</source>
        <translation>&amp;Znovu ohodnotit odpovědi se strojovým hodnocením</translation>
    </message>
    <message>
        <source>&amp;Grade answers</source>
        <translation>&amp;Hodnotit odpovědi</translation>
    </message>
    <message>
        <source>Quiz:</source>
        <translation>Kvíz:</translation>
    </message>
    <message>
        <source>Columns of the answers file</source>
        <translation>Sloupce souboru s odpověďmi</translation>
    </message>
    <message>
        <source>S&amp;tudent:</source>
        <translation>&amp;Student:</translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation>O&amp;tázka:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>Odpo&amp;věď:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Model:</translation>
    </message>
    <message>
        <source>Grade in groups</source>
        <translation>Hodnotit ve skupinách</translation>
    </message>
    <message>
        <source>Let the app grade</source>
        <translation>Nechat hodnotit aplikaci</translation>
    </message>
    <message numerus="yes">
        <source>No class&apos;s answers to this quiz yet, but %n of your self-test grades are worth a second look: the least sure first. To grade a class, import its answers (CSV) below.</source>
        <translation>
            <numerusform>K tomuto kvízu zatím nejsou odpovědi žádné třídy, ale %n hodnocení z vašeho sebetestování stojí za druhý pohled. Chcete-li hodnotit třídu, importujte níže její odpovědi (CSV).</numerusform>
            <numerusform>K tomuto kvízu zatím nejsou odpovědi žádné třídy, ale %n hodnocení z vašeho sebetestování stojí za druhý pohled, nejméně jistá první. Chcete-li hodnotit třídu, importujte níže její odpovědi (CSV).</numerusform>
            <numerusform>K tomuto kvízu zatím nejsou odpovědi žádné třídy, ale %n hodnocení z vašeho sebetestování stojí za druhý pohled, nejméně jistá první. Chcete-li hodnotit třídu, importujte níže její odpovědi (CSV).</numerusform>
        </translation>
    </message>
    <message>
        <source>Review them</source>
        <translation>Zkontrolovat je</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) wait for a grade: open the class below and grade them in groups, or let the app grade them all under Let the app grade.</source>
        <translation>
            <numerusform>%n odpověď čeká na hodnocení: níže otevřete třídu a hodnoťte ve skupinách, nebo v části „Nechat hodnotit aplikaci“ nechte aplikaci ohodnotit všechny.</numerusform>
            <numerusform>%n odpovědi čekají na hodnocení: níže otevřete třídu a hodnoťte ve skupinách, nebo v části „Nechat hodnotit aplikaci“ nechte aplikaci ohodnotit všechny.</numerusform>
            <numerusform>%n odpovědí čeká na hodnocení: níže otevřete třídu a hodnoťte ve skupinách, nebo v části „Nechat hodnotit aplikaci“ nechte aplikaci ohodnotit všechny.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n answer(s)</source>
        <translation>
            <numerusform>Importováno: %n odpověď</numerusform>
            <numerusform>Importováno: %n odpovědi</numerusform>
            <numerusform>Importováno: %n odpovědí</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n student(s).</source>
        <translation>
            <numerusform>od %n studenta.</numerusform>
            <numerusform>od %n studentů.</numerusform>
            <numerusform>od %n studentů.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no quiz to grade yet: make one in the Quizzes area first.</source>
        <translation>Zatím není žádný kvíz k hodnocení: nejdřív ho vytvořte v oblasti Kvízy.</translation>
    </message>
    <message>
        <source>Go to Quizzes</source>
        <translation>Přejít na Kvízy</translation>
    </message>
    <message>
        <source>No answers to this quiz yet: import your class&apos;s answers from a spreadsheet saved as CSV, a row per student and question, with Import class answers (CSV) below.</source>
        <translation>K tomuto kvízu zatím nejsou žádné odpovědi: importujte odpovědi své třídy z tabulky uložené jako CSV, jeden řádek na studenta a otázku, tlačítkem „Importovat odpovědi třídy (CSV)“ níže.</translation>
    </message>
    <message>
        <source>Import class answers</source>
        <translation>Importovat odpovědi třídy</translation>
    </message>
    <message>
        <source>Spreadsheets (*.csv *.tsv *.txt)</source>
        <translation>Tabulky (*.csv *.tsv *.txt)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Importuje se %1…</translation>
    </message>
    <message>
        <source>%1 left out: the quiz already holds those students&apos; answers, which stand with their grades.</source>
        <translation>%1 vynecháno: kvíz už obsahuje odpovědi těchto žáků a ty zůstávají i se svým hodnocením.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Načítá se model…</translation>
    </message>
    <message>
        <source>Grading: %1 (%2 of %3 parts done)</source>
        <translation>Hodnocení: %1 (hotovo %2 z %3 částí)</translation>
    </message>
    <message numerus="yes">
        <source>%n answer(s) graded,</source>
        <translation>
            <numerusform>%n odpověď ohodnocena,</numerusform>
            <numerusform>%n odpovědi ohodnoceny,</numerusform>
            <numerusform>%n odpovědí ohodnoceno,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to review.</source>
        <translation>
            <numerusform>%n ke kontrole.</numerusform>
            <numerusform>%n ke kontrole.</numerusform>
            <numerusform>%n ke kontrole.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled: graded parts are kept; the Jobs area can resume the rest.</source>
        <translation>Zrušeno: ohodnocené části zůstávají; ve zbytku lze pokračovat v oblasti Úlohy.</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Answer (Self-test, Study)</source>
        <translation>Odpovědět (Sebetestování, Učení)</translation>
    </message>
    <message>
        <source>Confirm or override a grade (Grading review list)</source>
        <translation>Potvrdit nebo přepsat hodnocení (seznam ke kontrole v oblasti Hodnocení)</translation>
    </message>
    <message>
        <source>Grade the group or answer in focus in one action (Grade in groups)</source>
        <translation>Ohodnotit skupinu nebo odpověď v centru pozornosti jedním krokem (Hodnotit ve skupinách)</translation>
    </message>
    <message>
        <source>Confirm the suggestions in focus (Grade in groups)</source>
        <translation>Potvrdit návrhy v centru pozornosti (Hodnotit ve skupinách)</translation>
    </message>
    <message>
        <source>Next answer to grade / split the chosen answers off / move them to a group</source>
        <translation>Další odpověď k hodnocení / oddělit vybrané odpovědi / přesunout je do skupiny</translation>
    </message>
    <message>
        <source>Import files</source>
        <translation>Importovat soubory</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Klávesové zkratky</translation>
    </message>
    <message>
        <source>Move between controls</source>
        <translation>Přecházet mezi ovládacími prvky</translation>
    </message>
    <message>
        <source>Quizzes from your own material, made and graded offline on your computer.</source>
        <translation>Kvízy z vašeho vlastního materiálu, vytvořené a hodnocené offline na vašem počítači.</translation>
    </message>
    <message>
        <source>Models that come with the app, and their licences:</source>
        <translation>Modely, které jsou součástí aplikace, a jejich licence:</translation>
    </message>
    <message>
        <source>About Sensemaking Desktop</source>
        <translation>O aplikaci Sensemaking Desktop</translation>
    </message>
</context>
<context>
    <name>InterruptedBanner</name>
    <message>
        <source>&amp;Resume all</source>
        <translation>Pokračovat &amp;ve všech</translation>
    </message>
    <message>
        <source>Show &amp;jobs</source>
        <translation>Zobrazit ú&amp;lohy</translation>
    </message>
    <message>
        <source>Dismi&amp;ss</source>
        <translation>Sk&amp;rýt</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) were interrupted when the app last stopped: %1. Finished work is kept.</source>
        <translation>
            <numerusform>%n úloha byla přerušena, když se aplikace naposledy zastavila: %1. Hotová práce zůstává.</numerusform>
            <numerusform>%n úlohy byly přerušeny, když se aplikace naposledy zastavila: %1. Hotová práce zůstává.</numerusform>
            <numerusform>%n úloh bylo přerušeno, když se aplikace naposledy zastavila: %1. Hotová práce zůstává.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobsView</name>
    <message>
        <source>Job</source>
        <translation>Úloha</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Druh</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Název</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Stav</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Průběh</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>Položky</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Chyba</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Pokračovat</translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation>&amp;Zrušit úlohu</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Smazat…</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) failed</source>
        <translation>
            <numerusform>%n položka selhala</numerusform>
            <numerusform>%n položky selhaly</numerusform>
            <numerusform>%n položek selhalo</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>čeká</translation>
    </message>
    <message>
        <source>running</source>
        <translation>běží</translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation>ruší se</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>zrušeno</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>přerušeno</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>selhalo</translation>
    </message>
    <message>
        <source>done</source>
        <translation>hotovo</translation>
    </message>
    <message>
        <source>Resuming “%1”…</source>
        <translation>Pokračuje se v „%1“…</translation>
    </message>
    <message>
        <source>“%1” %2.</source>
        <translation>„%1“: %2.</translation>
    </message>
    <message>
        <source>Forget the job “%1”? What it made stays in the library.</source>
        <translation>Smazat úlohu „%1“? Co vytvořila, zůstane v knihovně.</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <source>Material / section</source>
        <translation>Materiál / oddíl</translation>
    </message>
    <message>
        <source>Kind / where</source>
        <translation>Druh / umístění</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Slova</translation>
    </message>
    <message>
        <source>Materials and sections</source>
        <translation>Materiály a oddíly</translation>
    </message>
    <message>
        <source>&amp;Import files…</source>
        <translation>&amp;Importovat soubory…</translation>
    </message>
    <message>
        <source>&amp;Delete material…</source>
        <translation>&amp;Smazat materiál…</translation>
    </message>
    <message>
        <source>Drop PDF, EPUB, text, audio or video files here, or import them.</source>
        <translation>Sem přetáhněte PDF, EPUB, textové, zvukové nebo video soubory, nebo je importujte.</translation>
    </message>
    <message>
        <source>The language quizzes are written in. A material&apos;s sections follow it, except those in another.</source>
        <translation>Jazyk, ve kterém se píší kvízy. Oddíly materiálu se jím řídí, kromě těch v jiném jazyce.</translation>
    </message>
    <message>
        <source>&amp;Merge with next section</source>
        <translation>Spojit s &amp;dalším oddílem</translation>
    </message>
    <message>
        <source>S&amp;plit at cursor</source>
        <translation>&amp;Rozdělit u kurzoru</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Jazyk:</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Oddíl %1</translation>
    </message>
    <message>
        <source>Drop files here, or import them.</source>
        <translation>Sem přetáhněte soubory, nebo je importujte.</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n slovo</numerusform>
            <numerusform>%n slova</numerusform>
            <numerusform>%n slov</numerusform>
        </translation>
    </message>
    <message>
        <source>Kind: %1</source>
        <translation>Druh: %1</translation>
    </message>
    <message>
        <source>Language: %1</source>
        <translation>Jazyk: %1</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>neznámý</translation>
    </message>
    <message>
        <source>Sections: %1</source>
        <translation>Oddíly: %1</translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation>Importováno: %1</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>Soubor: %1</translation>
    </message>
    <message>
        <source>Importing… The next step shows here once the files are read.</source>
        <translation>Probíhá import… Další krok se zde objeví, jakmile budou soubory načteny.</translation>
    </message>
    <message>
        <source>Your library is empty. Import a PDF, a Word file, slides, a web page, notes or a recording: quizzes are made from what you import.</source>
        <translation>Vaše knihovna je prázdná. Importujte PDF, soubor Wordu, prezentaci, webovou stránku, poznámky nebo nahrávku: kvízy vznikají z toho, co importujete.</translation>
    </message>
    <message>
        <source>Import your &amp;first file…</source>
        <translation>Importovat &amp;první soubor…</translation>
    </message>
    <message>
        <source>“%1” has no quiz yet. Next, make one: the Quizzes area opens with it chosen.</source>
        <translation>„%1“ zatím nemá kvíz. Dalším krokem je vytvořit ho: otevře se oblast Kvízy s tímto materiálem.</translation>
    </message>
    <message>
        <source>Make a &amp;quiz from this material</source>
        <translation>Vytvořit &amp;kvíz z tohoto materiálu</translation>
    </message>
    <message>
        <source>Import material</source>
        <translation>Importovat materiál</translation>
    </message>
    <message>
        <source>Materials (%1);;All files (*)</source>
        <translation>Materiály (%1);;Všechny soubory (*)</translation>
    </message>
    <message>
        <source>An import is already running; wait for it or cancel it first.</source>
        <translation>Import už běží; počkejte na něj, nebo ho nejdřív zrušte.</translation>
    </message>
    <message numerus="yes">
        <source>Import %n file(s)</source>
        <translation>
            <numerusform>Import %n souboru</numerusform>
            <numerusform>Import %n souborů</numerusform>
            <numerusform>Import %n souborů</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is already in the library as “%2”.</source>
        <translation>%1 už je v knihovně jako „%2“.</translation>
    </message>
    <message numerus="yes">
        <source>%1: imported with %n section(s).</source>
        <translation>
            <numerusform>%1: importováno s %n oddílem.</numerusform>
            <numerusform>%1: importováno s %n oddíly.</numerusform>
            <numerusform>%1: importováno s %n oddíly.</numerusform>
        </translation>
    </message>
    <message>
        <source>Import cancelled; the Jobs area can resume it.</source>
        <translation>Import zrušen; pokračovat v něm lze v oblasti Úlohy.</translation>
    </message>
    <message>
        <source>Delete “%1” with its sections, quizzes, answers and grades?</source>
        <translation>Smazat „%1“ i s jeho oddíly, kvízy, odpověďmi a hodnoceními?</translation>
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
        <translation>Oblasti</translation>
    </message>
    <message>
        <source>Research</source>
        <translation>Výzkum</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Ctrl+%2)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Nápověda</translation>
    </message>
    <message>
        <source>&amp;Welcome…</source>
        <translation>&amp;Vítejte…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Klávesové zkratky</translation>
    </message>
    <message>
        <source>&amp;About and licences</source>
        <translation>&amp;O aplikaci a licence</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Model: %1</translation>
    </message>
    <message>
        <source>the one that comes with the app</source>
        <translation>ten, který je součástí aplikace</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>běží %n úloha</numerusform>
            <numerusform>běží %n úlohy</numerusform>
            <numerusform>běží %n úloh</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 done: %3</source>
        <translation>Hotovo %1 z %2: %3</translation>
    </message>
    <message>
        <source>Work is still running. Stop it and quit? Finished items are kept; stopped jobs can be resumed.</source>
        <translation>Práce ještě běží. Zastavit ji a ukončit aplikaci? Hotové položky zůstanou; v zastavených úlohách lze později pokračovat.</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>Unexpected failure ({kind}: {text}). The details below help to report it.</source>
        <translation>Neočekávané selhání ({kind}: {text}). Podrobnosti níže pomohou chybu nahlásit.</translation>
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
        <translation>Model</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Výchozí model</translation>
    </message>
</context>
<context>
    <name>ModelsView</name>
    <message>
        <source>Checking your graphics card…</source>
        <translation>Kontroluje se grafická karta…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Název</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Výchozí</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Zdroj</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Velikost</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Soubor</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>RAM</source>
        <translation>RAM</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Languages</source>
        <translation>Jazyky</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Nainstalováno</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>Vhodný pro</translation>
    </message>
    <message>
        <source>&amp;Add a GGUF file…</source>
        <translation>&amp;Přidat soubor GGUF…</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Odebrat…</translation>
    </message>
    <message>
        <source>Use as &amp;default</source>
        <translation>Použít jako &amp;výchozí</translation>
    </message>
    <message>
        <source>Do&amp;wnload or resume</source>
        <translation>&amp;Stáhnout nebo pokračovat</translation>
    </message>
    <message>
        <source>A cancelled or broken download continues where it stopped.</source>
        <translation>Zrušené nebo přerušené stahování pokračuje tam, kde skončilo.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresa</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modely</translation>
    </message>
    <message>
        <source>Add a &amp;server…</source>
        <translation>Přidat s&amp;erver…</translation>
    </message>
    <message>
        <source>Remove server…</source>
        <translation>Odebrat server…</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>O&amp;testovat připojení</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Odkud</translation>
    </message>
    <message>
        <source>&amp;Use this model</source>
        <translation>Použít tento &amp;model</translation>
    </message>
    <message>
        <source>The file stays where it is; nothing is copied.</source>
        <translation>Soubor zůstane, kde je; nic se nekopíruje.</translation>
    </message>
    <message>
        <source>On this computer</source>
        <translation>Na tomto počítači</translation>
    </message>
    <message>
        <source>Model servers (OpenAI-compatible)</source>
        <translation>Modelové servery (kompatibilní s OpenAI)</translation>
    </message>
    <message>
        <source>Found on disk (Ollama, LM Studio)</source>
        <translation>Nalezeno na disku (Ollama, LM Studio)</translation>
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
        <translation>součást aplikace</translation>
    </message>
    <message>
        <source>your file</source>
        <translation>váš soubor</translation>
    </message>
    <message>
        <source>downloaded</source>
        <translation>staženo</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ano</translation>
    </message>
    <message>
        <source>Name on the command line: %1</source>
        <translation>Název na příkazové řádce: %1</translation>
    </message>
    <message>
        <source>graphics card</source>
        <translation>grafická karta</translation>
    </message>
    <message>
        <source>llama.cpp backends: %1</source>
        <translation>Backendy llama.cpp: %1</translation>
    </message>
    <message>
        <source>Uses your graphics card for %1 of %2 layers</source>
        <translation>Používá vaši grafickou kartu pro %1 z %2 vrstev</translation>
    </message>
    <message>
        <source>this build of llama.cpp has no GPU support, so models run on the processor.</source>
        <translation>tato verze llama.cpp grafické karty nepodporuje, takže modely běží na procesoru.</translation>
    </message>
    <message>
        <source>How to get one: install the app&apos;s version for graphics cards, or rebuild llama-cpp-python for your card as the section “GPU” of docs/models.md shows.</source>
        <translation>Jak na grafickou kartu: nainstalujte verzi aplikace pro grafické karty, nebo sestavte llama-cpp-python pro svou kartu znovu, jak ukazuje oddíl „GPU“ v docs/models.md.</translation>
    </message>
    <message>
        <source>Your %1 can be used by models on this computer.</source>
        <translation>Modely na tomto počítači mohou používat: %1.</translation>
    </message>
    <message>
        <source>it is switched off under “GPU layers” in Settings.</source>
        <translation>je vypnutá v Nastavení pod „Vrstvy na GPU“.</translation>
    </message>
    <message>
        <source>but the model (%1) is larger than the card&apos;s free memory (%2): lower “GPU layers” in Settings so that the rest stays on the processor.</source>
        <translation>ale model (%1) je větší než volná paměť karty (%2): snižte v Nastavení „Vrstvy na GPU“, aby zbytek zůstal na procesoru.</translation>
    </message>
    <message>
        <source>(%1).</source>
        <translation>(%1).</translation>
    </message>
    <message>
        <source>Only the small model that comes with the app is installed: it shows that everything works, but its quizzes are weak.</source>
        <translation>Je nainstalován jen malý model, který je součástí aplikace: ukazuje, že vše funguje, ale jeho kvízy jsou slabé.</translation>
    </message>
    <message>
        <source>(%1, licence %2.)</source>
        <translation>(%1, licence %2.)</translation>
    </message>
    <message>
        <source>Download %1</source>
        <translation>Stáhnout %1</translation>
    </message>
    <message>
        <source>Models found on disk can be used where they lie (below).</source>
        <translation>Modely nalezené na disku lze použít tam, kde leží (níže).</translation>
    </message>
    <message>
        <source>A model server can be added below.</source>
        <translation>Níže lze přidat modelový server.</translation>
    </message>
    <message>
        <source>unreachable: %1</source>
        <translation>nedostupný: %1</translation>
    </message>
    <message>
        <source>Add a model</source>
        <translation>Přidat model</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modely GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>Kontroluje se %1…</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>Přidáno: %1.</translation>
    </message>
    <message>
        <source>Remove %1? A downloaded file is deleted; your own files stay where they are.</source>
        <translation>Odebrat %1? Stažený soubor se smaže; vaše vlastní soubory zůstanou, kde jsou.</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>Odebráno: %1.</translation>
    </message>
    <message>
        <source>%1 is now the default model.</source>
        <translation>%1 je teď výchozí model.</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Zjišťuji modely serveru %1…</translation>
    </message>
    <message>
        <source>Saved the server %1.</source>
        <translation>Server %1 uložen.</translation>
    </message>
    <message>
        <source>Forget the server %1?</source>
        <translation>Odebrat server %1?</translation>
    </message>
    <message>
        <source>Removed the server %1.</source>
        <translation>Server %1 odebrán.</translation>
    </message>
    <message>
        <source>Testing %1…</source>
        <translation>Testuje se %1…</translation>
    </message>
    <message>
        <source>%1 answers: model %2, first token after %3 s.</source>
        <translation>%1 odpovídá: model %2, první token za %3 s.</translation>
    </message>
    <message>
        <source>%1 does not answer: %2</source>
        <translation>%1 neodpovídá: %2</translation>
    </message>
    <message>
        <source>Added %1 where it lies.</source>
        <translation>%1 přidán tam, kde leží.</translation>
    </message>
    <message>
        <source>Downloaded %1.</source>
        <translation>Staženo: %1.</translation>
    </message>
    <message>
        <source>Download cancelled; the partial file is kept and the next download resumes it.</source>
        <translation>Stahování zrušeno; částečný soubor zůstává a příští stahování na něj naváže.</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>Stahuje se %1…</translation>
    </message>
</context>
<context>
    <name>ProgressRow</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Zrušit</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Ruší se…</translation>
    </message>
</context>
<context>
    <name>QuestionDialog</name>
    <message>
        <source>Add a question</source>
        <translation>Přidat otázku</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Otevřená</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>Výběr z možností</translation>
    </message>
    <message>
        <source>True/false</source>
        <translation>Pravda/nepravda</translation>
    </message>
    <message>
        <source>Cloze</source>
        <translation>Doplňovačka</translation>
    </message>
    <message>
        <source>Numerical</source>
        <translation>Číselná</translation>
    </message>
    <message>
        <source>Matching</source>
        <translation>Přiřazování</translation>
    </message>
    <message>
        <source>For cloze, write the gap as %1</source>
        <translation>U doplňovačky zapište mezeru jako %1</translation>
    </message>
    <message>
        <source>One choice a line; mark the right ones with a leading *</source>
        <translation>Jedna možnost na řádek; správné označte hvězdičkou * na začátku</translation>
    </message>
    <message>
        <source>Reference answer (true or false for true/false)</source>
        <translation>Referenční odpověď (u pravda/nepravda: true nebo false)</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Druh:</translation>
    </message>
    <message>
        <source>&amp;Question:</source>
        <translation>&amp;Otázka:</translation>
    </message>
    <message>
        <source>Ans&amp;wer choices:</source>
        <translation>&amp;Varianty odpovědí:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>Od&amp;pověď:</translation>
    </message>
    <message>
        <source>P&amp;oints:</source>
        <translation>&amp;Body:</translation>
    </message>
</context>
<context>
    <name>QuestionEditor</name>
    <message>
        <source>One accepted number a line: 3 ± 0.5, 50 % 3 ± 2 # feedback; unit: cm = 100</source>
        <translation>Jedno přijímané číslo na řádek: 3 ± 0.5, 50 % 3 ± 2 # zpětná vazba; unit: cm = 100</translation>
    </message>
    <message>
        <source>One pair a line: prompt -&gt; answer; -&gt; extra answer</source>
        <translation>Jedna dvojice na řádek: zadání -&gt; odpověď; -&gt; odpověď navíc</translation>
    </message>
    <message>
        <source>One choice a line; mark the right ones with a leading *</source>
        <translation>Jedna možnost na řádek; správné označte hvězdičkou * na začátku</translation>
    </message>
    <message>
        <source>Approved</source>
        <translation>Schváleno</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>Vyřazeno</translation>
    </message>
    <message>
        <source>Sa&amp;ve changes</source>
        <translation>&amp;Uložit změny</translation>
    </message>
    <message>
        <source>Questio&amp;n:</source>
        <translation>Te&amp;xt otázky:</translation>
    </message>
    <message>
        <source>Ans&amp;wer choices:</source>
        <translation>Variant&amp;y odpovědí:</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>&amp;Odpověď:</translation>
    </message>
    <message>
        <source>&amp;Feedback:</source>
        <translation>&amp;Zpětná vazba:</translation>
    </message>
    <message>
        <source>&amp;Points:</source>
        <translation>&amp;Body:</translation>
    </message>
    <message>
        <source>Statu&amp;s:</source>
        <translation>&amp;Stav:</translation>
    </message>
    <message>
        <source>Choose a question to review it.</source>
        <translation>Vyberte otázku, kterou chcete zkontrolovat.</translation>
    </message>
    <message>
        <source>Open question</source>
        <translation>Otevřená otázka</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>Výběr z možností</translation>
    </message>
    <message>
        <source>True or false (answer: true or false)</source>
        <translation>Pravda, nebo nepravda (odpověď: true nebo false)</translation>
    </message>
    <message>
        <source>Cloze (the answer fills the gap _____)</source>
        <translation>Doplňovačka (odpověď vyplní mezeru _____)</translation>
    </message>
    <message>
        <source>Numerical (a number, right within its tolerance)</source>
        <translation>Číselná (číslo, správně v rámci tolerance)</translation>
    </message>
    <message>
        <source>Matching (each prompt with its answer)</source>
        <translation>Přiřazování (každé zadání s jeho odpovědí)</translation>
    </message>
    <message>
        <source>Files: %1</source>
        <translation>Soubory: %1</translation>
    </message>
    <message>
        <source>Written or imported by hand; not checked against the material.</source>
        <translation>Napsáno nebo importováno ručně; neověřeno podle materiálu.</translation>
    </message>
    <message>
        <source>Kept: answering from the passage alone reaches the reference answer.</source>
        <translation>Ponecháno: odpověď jen z pasáže dospěje k referenční odpovědi.</translation>
    </message>
    <message>
        <source>Answer from the passage alone: “%1” (agreement %2).</source>
        <translation>Odpověď jen z pasáže: „%1“ (shoda %2).</translation>
    </message>
    <message>
        <source>It can also be answered without the material: it may test general knowledge.</source>
        <translation>Dá se zodpovědět i bez materiálu: možná testuje všeobecné znalosti.</translation>
    </message>
    <message>
        <source>Dropped: %1.</source>
        <translation>Vyřazeno: %1.</translation>
    </message>
    <message>
        <source>Not approved yet</source>
        <translation>Zatím neschváleno</translation>
    </message>
    <message>
        <source>Approved.</source>
        <translation>Schváleno.</translation>
    </message>
    <message>
        <source>Source: not kept in the library.</source>
        <translation>Zdroj: v knihovně není uložen.</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Oddíl %1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Zdroj: %1</translation>
    </message>
    <message>
        <source>The key cannot be read: %1</source>
        <translation>Klíč nelze přečíst: %1</translation>
    </message>
</context>
<context>
    <name>QuizChooser</name>
    <message>
        <source>Quiz</source>
        <translation>Kvíz</translation>
    </message>
    <message numerus="yes">
        <source>%1 (#%2, %n question(s))</source>
        <translation>
            <numerusform>%1 (#%2, %n otázka)</numerusform>
            <numerusform>%1 (#%2, %n otázky)</numerusform>
            <numerusform>%1 (#%2, %n otázek)</numerusform>
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
        <translation>Balíček QTI 2.1 (Canvas, Blackboard)</translation>
    </message>
    <message>
        <source>QTI 1.2 package (Canvas Classic Quizzes, Blackboard)</source>
        <translation>Balíček QTI 1.2 (Canvas Classic Quizzes, Blackboard)</translation>
    </message>
    <message>
        <source>Anki deck</source>
        <translation>Balíček Anki</translation>
    </message>
    <message>
        <source>CSV spreadsheet</source>
        <translation>Tabulka CSV</translation>
    </message>
    <message>
        <source>Printable PDF</source>
        <translation>PDF k tisku</translation>
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
        <translation>Nový kvíz</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Snadná</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Střední</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Těžká</translation>
    </message>
    <message>
        <source>that of the material (or e.g. en, de, cs)</source>
        <translation>jazyk materiálu (nebo např. en, de, cs)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>O&amp;tevřená</translation>
    </message>
    <message>
        <source>M&amp;ultiple choice</source>
        <translation>&amp;Výběr z možností</translation>
    </message>
    <message>
        <source>&amp;True/false</source>
        <translation>&amp;Pravda/nepravda</translation>
    </message>
    <message>
        <source>Clo&amp;ze</source>
        <translation>&amp;Doplňovačka</translation>
    </message>
    <message>
        <source>&amp;Material:</source>
        <translation>Mater&amp;iál:</translation>
    </message>
    <message>
        <source>Sect&amp;ion:</source>
        <translation>Oddí&amp;l:</translation>
    </message>
    <message>
        <source>&amp;Questions per section:</source>
        <translation>Po&amp;čet otázek na oddíl:</translation>
    </message>
    <message>
        <source>Types:</source>
        <translation>Druhy:</translation>
    </message>
    <message>
        <source>Will write:</source>
        <translation>Vznikne:</translation>
    </message>
    <message>
        <source>Diffi&amp;culty:</source>
        <translation>Obt&amp;ížnost:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Jazyk:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Model:</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Výchozí model</translation>
    </message>
    <message>
        <source>All sections</source>
        <translation>Všechny oddíly</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Oddíl %1</translation>
    </message>
    <message>
        <source>Finding out which kinds of question this model writes…</source>
        <translation>Zjišťuje se, jaké druhy otázek tento model píše…</translation>
    </message>
    <message>
        <source>The chosen model cannot be read: %1</source>
        <translation>Zvolený model nelze přečíst: %1</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>Choose at least one type of question.</source>
        <translation>Vyberte aspoň jeden druh otázek.</translation>
    </message>
    <message>
        <source>This model is too small to write questions of its own: the items are made from the material. Open questions need a larger model (see Models).</source>
        <translation>Tento model je příliš malý na to, aby psal vlastní otázky: úlohy vznikají z materiálu. Otevřené otázky potřebují větší model (viz Modely).</translation>
    </message>
</context>
<context>
    <name>QuizView</name>
    <message>
        <source>Open</source>
        <translation>Otevřená</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>Výběr z možností</translation>
    </message>
    <message>
        <source>True/false</source>
        <translation>Pravda/nepravda</translation>
    </message>
    <message>
        <source>Cloze</source>
        <translation>Doplňovačka</translation>
    </message>
    <message>
        <source>Numerical</source>
        <translation>Číselná</translation>
    </message>
    <message>
        <source>Matching</source>
        <translation>Přiřazování</translation>
    </message>
    <message>
        <source>true</source>
        <translation>pravda</translation>
    </message>
    <message>
        <source>false</source>
        <translation>nepravda</translation>
    </message>
    <message>
        <source>&amp;Generate quiz</source>
        <translation>&amp;Generovat kvíz</translation>
    </message>
    <message>
        <source>New empt&amp;y quiz</source>
        <translation>Nový prázdný &amp;kvíz</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>&amp;Exportovat…</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>Otázky</translation>
    </message>
    <message>
        <source>Move up (Ctrl+↑)</source>
        <translation>Posunout nahoru (Ctrl+↑)</translation>
    </message>
    <message>
        <source>Move down (Ctrl+↓)</source>
        <translation>Posunout dolů (Ctrl+↓)</translation>
    </message>
    <message>
        <source>App&amp;rove</source>
        <translation>S&amp;chválit</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>Sm&amp;azat…</translation>
    </message>
    <message>
        <source>Add &amp;by hand…</source>
        <translation>Přidat &amp;ručně…</translation>
    </message>
    <message>
        <source>Quiz:</source>
        <translation>Kvíz:</translation>
    </message>
    <message>
        <source>✓ approved</source>
        <translation>✓ schváleno</translation>
    </message>
    <message>
        <source>✗ dropped</source>
        <translation>✗ vyřazeno</translation>
    </message>
    <message>
        <source>not approved yet</source>
        <translation>zatím neschváleno</translation>
    </message>
    <message>
        <source>%1. [%2] %3 (key: %4): %5</source>
        <translation>%1. [%2] %3 (klíč: %4): %5</translation>
    </message>
    <message>
        <source>Key: %1</source>
        <translation>Klíč: %1</translation>
    </message>
    <message>
        <source>The quiz is being written: its questions appear in the list as each section is done.</source>
        <translation>Kvíz se právě píše: jeho otázky se objeví v seznamu, jakmile je hotový každý oddíl.</translation>
    </message>
    <message>
        <source>There is nothing to make a quiz from yet: quizzes are made from the files in your library.</source>
        <translation>Zatím není z čeho udělat kvíz: kvízy vznikají ze souborů ve vaší knihovně.</translation>
    </message>
    <message>
        <source>Go to the Library</source>
        <translation>Přejít do Knihovny</translation>
    </message>
    <message>
        <source>No quiz yet. Choose a material and the kinds of question in the form below, or take them as they are, then press Generate quiz.</source>
        <translation>Zatím žádný kvíz. Ve formuláři níže zvolte materiál a druhy otázek, nebo je nechte, jak jsou, a pak stiskněte „Generovat kvíz“.</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) not approved yet: read each beside its source on the right, edit it if need be, then approve it.</source>
        <translation>
            <numerusform>%n otázka zatím není schválená: přečtěte si ji vedle jejího zdroje vpravo, v případě potřeby ji upravte a pak ji schvalte.</numerusform>
            <numerusform>%n otázky zatím nejsou schválené: přečtěte si každou vedle jejího zdroje vpravo, v případě potřeby ji upravte a pak ji schvalte.</numerusform>
            <numerusform>%n otázek zatím není schválených: přečtěte si každou vedle jejího zdroje vpravo, v případě potřeby ji upravte a pak ji schvalte.</numerusform>
        </translation>
    </message>
    <message>
        <source>This quiz has no questions yet: generate some, or add them by hand.</source>
        <translation>Tento kvíz zatím nemá žádné otázky: nechte je vygenerovat, nebo je přidejte ručně.</translation>
    </message>
    <message>
        <source>No question waits for approval: export the quiz, or sit it under Self-test.</source>
        <translation>Žádná otázka už nečeká na schválení: kvíz exportujte, nebo si ho vyzkoušejte v Sebetestování.</translation>
    </message>
    <message>
        <source>Delete the question “%1”?</source>
        <translation>Smazat otázku „%1“?</translation>
    </message>
    <message>
        <source>Quiz written by hand</source>
        <translation>Ručně napsaný kvíz</translation>
    </message>
    <message>
        <source>Quiz on %1</source>
        <translation>Kvíz – %1</translation>
    </message>
    <message>
        <source>Import a material in the Library first.</source>
        <translation>Nejdřív importujte materiál do knihovny.</translation>
    </message>
    <message>
        <source>Choose at least one type of question.</source>
        <translation>Vyberte aspoň jeden druh otázek.</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Načítá se model…</translation>
    </message>
    <message>
        <source>Writing questions: %1 (%2 of %3 sections done)</source>
        <translation>Píší se otázky: %1 (hotovo %2 z %3 oddílů)</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) kept</source>
        <translation>
            <numerusform>%n otázka ponechána</numerusform>
            <numerusform>%n otázky ponechány</numerusform>
            <numerusform>%n otázek ponecháno</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>over %n section(s).</source>
        <translation>
            <numerusform>z %n oddílu.</numerusform>
            <numerusform>z %n oddílů.</numerusform>
            <numerusform>z %n oddílů.</numerusform>
        </translation>
    </message>
    <message>
        <source>Some sections ran out of passages before the count was met.</source>
        <translation>Některým oddílům došly pasáže dřív, než se dosáhlo počtu.</translation>
    </message>
    <message>
        <source>The model is too small to write questions, so every item was made from the material itself (choose a larger model under Models for questions of its own).</source>
        <translation>Model je příliš malý na psaní otázek, proto byla každá položka vytvořena přímo z materiálu (pro vlastní otázky modelu zvolte v části Modely větší model).</translation>
    </message>
    <message>
        <source>Cancelled: finished sections are kept; the Jobs area can resume the rest.</source>
        <translation>Zrušeno: hotové oddíly zůstávají; ve zbytku lze pokračovat v oblasti Úlohy.</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exportuje se…</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>Zapsáno: %1</translation>
    </message>
</context>
<context>
    <name>Recommendation</name>
    <message>
        <source>SmolLM2 135M, the small model that comes with the app</source>
        <translation>SmolLM2 135M, malý model, který je součástí aplikace</translation>
    </message>
    <message>
        <source>runs on the graphics card and so writes quickly</source>
        <translation>běží na grafické kartě, a proto píše rychle</translation>
    </message>
    <message>
        <source>is small enough to write quizzes on the processor alone without long waits</source>
        <translation>je dost malý na to, aby psal kvízy jen na procesoru bez dlouhého čekání</translation>
    </message>
    <message>
        <source>writes questions and grades answers in %1</source>
        <translation>píše otázky a hodnotí odpovědi v jazyce %1</translation>
    </message>
    <message>
        <source>writes clear questions and grades written answers</source>
        <translation>píše srozumitelné otázky a hodnotí psané odpovědi</translation>
    </message>
    <message>
        <source>It needs about %1 GB of the %2 GB of memory here, %3, and %4.</source>
        <translation>Potřebuje asi %1 GB z %2 GB paměti tohoto počítače, %3 a %4.</translation>
    </message>
    <message>
        <source>Recommended for this computer: %1.</source>
        <translation>Doporučeno pro tento počítač: %1.</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <source>Show e&amp;very machine grade not yet seen by a person</source>
        <translation>Zobrazit &amp;každé strojové hodnocení, které ještě neviděl člověk</translation>
    </message>
    <message>
        <source>Show &amp;details (the figures behind the reason)</source>
        <translation>Zobrazit po&amp;drobnosti (čísla za zdůvodněním)</translation>
    </message>
    <message>
        <source>Grades to review</source>
        <translation>Hodnocení ke kontrole</translation>
    </message>
    <message>
        <source>The answer under review</source>
        <translation>Kontrolovaná odpověď</translation>
    </message>
    <message>
        <source>Enter confirms; a number 0-100 and Enter overrides</source>
        <translation>Enter potvrdí; číslo 0–100 a Enter hodnocení přepíše</translation>
    </message>
    <message>
        <source>&amp;Your grade:</source>
        <translation>Vaše hodn&amp;ocení:</translation>
    </message>
    <message>
        <source>%1 (self-test)</source>
        <translation>%1 (sebetestování)</translation>
    </message>
    <message>
        <source>Nothing to review.</source>
        <translation>Není co kontrolovat.</translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation>Otázka: %1</translation>
    </message>
    <message>
        <source>Reference: %1</source>
        <translation>Referenční odpověď: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>žádná</translation>
    </message>
    <message>
        <source>Answer by %1: %2</source>
        <translation>Odpověď od %1: %2</translation>
    </message>
    <message>
        <source>%1/100, %2 · %3: %4</source>
        <translation>%1/100, %2 · %3: %4</translation>
    </message>
    <message numerus="yes">
        <source>%n grade(s) to review, the least sure first</source>
        <translation>
            <numerusform>%n hodnocení ke kontrole</numerusform>
            <numerusform>%n hodnocení ke kontrole, nejméně jistá první</numerusform>
            <numerusform>%n hodnocení ke kontrole, nejméně jistá první</numerusform>
        </translation>
    </message>
    <message>
        <source>Machine grade: %1/100 (%2). %3</source>
        <translation>Strojové hodnocení: %1/100 (%2). %3</translation>
    </message>
    <message>
        <source>! %1</source>
        <translation>! %1</translation>
    </message>
    <message>
        <source>Details:</source>
        <translation>Podrobnosti:</translation>
    </message>
    <message>
        <source>none kept</source>
        <translation>žádné uložené</translation>
    </message>
    <message>
        <source>Rubric:</source>
        <translation>Hodnotící kritéria:</translation>
    </message>
    <message>
        <source>%1 %2 — %3/%4 points</source>
        <translation>%1 %2 — %3/%4 bodů</translation>
    </message>
    <message>
        <source>Found: “%1”</source>
        <translation>Nalezeno: „%1“</translation>
    </message>
    <message>
        <source>Feedback: %1</source>
        <translation>Zpětná vazba: %1</translation>
    </message>
    <message>
        <source>“%1” is not a grade; type a number from 0 to 100.</source>
        <translation>„%1“ není hodnocení; zadejte číslo od 0 do 100.</translation>
    </message>
</context>
<context>
    <name>RobustnessView</name>
    <message>
        <source>&amp;Run the adversarial suite</source>
        <translation>&amp;Spustit adversariální sadu</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Třída</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>Odpovědi</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>Průměrné skóre</translation>
    </message>
    <message>
        <source>Median score</source>
        <translation>Medián skóre</translation>
    </message>
    <message>
        <source>Scores per class of answer</source>
        <translation>Skóre podle třídy odpovědí</translation>
    </message>
    <message>
        <source>Mean score per class</source>
        <translation>Průměrné skóre podle třídy</translation>
    </message>
    <message>
        <source>Machine grades of the quiz&apos;s answers</source>
        <translation>Strojová hodnocení odpovědí kvízu</translation>
    </message>
    <message>
        <source>&amp;Quiz:</source>
        <translation>&amp;Kvíz:</translation>
    </message>
    <message>
        <source>Mod&amp;el:</source>
        <translation>&amp;Model:</translation>
    </message>
    <message>
        <source>Adversarial suite: controls next to genuine answers</source>
        <translation>Adversariální sada: kontrolní odpovědi vedle skutečných</translation>
    </message>
    <message>
        <source>Teacher metrics of the quiz</source>
        <translation>Metriky Učitele pro kvíz</translation>
    </message>
    <message>
        <source>Measuring the questions against the material…</source>
        <translation>Otázky se měří vůči materiálu…</translation>
    </message>
    <message>
        <source>Teacher metrics weigh each question against the others, so they need at least two kept questions; this quiz has %1.</source>
        <translation>Metriky Učitele poměřují každou otázku s ostatními, proto potřebují aspoň dvě ponechané otázky; tento kvíz má %1.</translation>
    </message>
    <message>
        <source>Relevance %1, coverage %2, diversity %3 (questions: %4; windows of the material: %5).</source>
        <translation>Relevance %1, pokrytí %2, rozmanitost %3 (otázky: %4; okna materiálu: %5).</translation>
    </message>
    <message>
        <source>Machine grade</source>
        <translation>Strojové hodnocení</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Načítá se model…</translation>
    </message>
    <message>
        <source>Grading the suite: %1 (%2 of %3 parts done)</source>
        <translation>Hodnotí se sada: %1 (hotovo %2 z %3 částí)</translation>
    </message>
    <message>
        <source>Cancelled: graded parts are kept; the Jobs area can resume the rest.</source>
        <translation>Zrušeno: ohodnocené části zůstávají; ve zbytku lze pokračovat v oblasti Úlohy.</translation>
    </message>
</context>
<context>
    <name>SelfTestView</name>
    <message>
        <source>me</source>
        <translation>já</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Jméno</translation>
    </message>
    <message>
        <source>One question at a time</source>
        <translation>Jedna otázka po druhé</translation>
    </message>
    <message>
        <source>All at once, results at the end</source>
        <translation>Všechny najednou, výsledky na konci</translation>
    </message>
    <message>
        <source>Timed test: shuffled, results at the end</source>
        <translation>Test na čas: zamíchaný, výsledky na konci</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Time limit in minutes</source>
        <translation>Časový limit v minutách</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Začít</translation>
    </message>
    <message>
        <source>&amp;Answer (Ctrl+Enter)</source>
        <translation>&amp;Odpovědět (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>S&amp;kip</source>
        <translation>&amp;Přeskočit</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>&amp;Další</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Výsledky</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Quiz</source>
        <translation>Kvíz</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Zodpovězeno</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Čas</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>Průměrné skóre</translation>
    </message>
    <message>
        <source>Past attempts</source>
        <translation>Předchozí pokusy</translation>
    </message>
    <message>
        <source>Score over attempts</source>
        <translation>Skóre v průběhu pokusů</translation>
    </message>
    <message>
        <source>&amp;Quiz:</source>
        <translation>&amp;Kvíz:</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>&amp;Jméno:</translation>
    </message>
    <message>
        <source>M&amp;ode:</source>
        <translation>&amp;Režim:</translation>
    </message>
    <message>
        <source>Time &amp;limit:</source>
        <translation>Časový &amp;limit:</translation>
    </message>
    <message>
        <source>Grading mod&amp;el:</source>
        <translation>Model pro &amp;hodnocení:</translation>
    </message>
    <message>
        <source>Past attempts by this name on this quiz&apos;s material</source>
        <translation>Předchozí pokusy pod tímto jménem na materiálu tohoto kvízu</translation>
    </message>
    <message>
        <source>There is no quiz to sit yet: make one in the Quizzes area first.</source>
        <translation>Zatím není žádný kvíz, který by šlo vyplnit: nejdřív ho vytvořte v oblasti Kvízy.</translation>
    </message>
    <message>
        <source>Go to Quizzes</source>
        <translation>Přejít na Kvízy</translation>
    </message>
    <message>
        <source>Time left: %1</source>
        <translation>Zbývá: %1</translation>
    </message>
    <message>
        <source>Time is up; unanswered questions count as not answered.</source>
        <translation>Čas vypršel; otázky bez odpovědi se počítají jako nezodpovězené.</translation>
    </message>
    <message>
        <source>Question %1 of %2 (%3): %4</source>
        <translation>Otázka %1 z %2 (%3): %4</translation>
    </message>
    <message>
        <source>Give an answer, or skip the question.</source>
        <translation>Odpovězte, nebo otázku přeskočte.</translation>
    </message>
    <message>
        <source>That is not an answer to this question; try again.</source>
        <translation>To není odpověď na tuto otázku; zkuste to znovu.</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>&amp;Ukončit</translation>
    </message>
    <message>
        <source>Attempt done: %1 of %2 answered in %3.</source>
        <translation>Pokus hotov: zodpovězeno %1 z %2 za %3.</translation>
    </message>
    <message>
        <source>No question was answered.</source>
        <translation>Nebyla zodpovězena žádná otázka.</translation>
    </message>
    <message>
        <source>Your answer: %1</source>
        <translation>Vaše odpověď: %1</translation>
    </message>
    <message>
        <source>Grade: %1/100. %2</source>
        <translation>Hodnocení: %1/100. %2</translation>
    </message>
    <message numerus="yes">
        <source>Grading %n open answer(s)…</source>
        <translation>
            <numerusform>Hodnotí se %n otevřená odpověď…</numerusform>
            <numerusform>Hodnotí se %n otevřené odpovědi…</numerusform>
            <numerusform>Hodnotí se %n otevřených odpovědí…</numerusform>
        </translation>
    </message>
    <message>
        <source>Reference answer: %1</source>
        <translation>Referenční odpověď: %1</translation>
    </message>
    <message>
        <source>Not graded yet. Reference answer: %1</source>
        <translation>Zatím neohodnoceno. Referenční odpověď: %1</translation>
    </message>
    <message>
        <source>Grading cancelled; the answers stay ungraded.</source>
        <translation>Hodnocení zrušeno; odpovědi zůstávají neohodnocené.</translation>
    </message>
    <message>
        <source> (unfinished)</source>
        <translation> (nedokončeno)</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Pokus</translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message>
        <source>Add a model server</source>
        <translation>Přidat modelový server</translation>
    </message>
    <message>
        <source>lab</source>
        <translation>laboratoř</translation>
    </message>
    <message>
        <source>optional, e.g. LAB_API_KEY</source>
        <translation>volitelné, např. LAB_API_KEY</translation>
    </message>
    <message>
        <source>optional; kept in the system keyring</source>
        <translation>volitelné; uloží se do systémové klíčenky</translation>
    </message>
    <message>
        <source>Do not verify the TLS certificate (only on a network you trust)</source>
        <translation>Neověřovat certifikát TLS (jen v síti, které důvěřujete)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Název</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresa</translation>
    </message>
    <message>
        <source>API key variable</source>
        <translation>Proměnná s klíčem API</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Klíč API</translation>
    </message>
</context>
<context>
    <name>SettingsView</name>
    <message>
        <source>Choose another &amp;folder…</source>
        <translation>Zvolit &amp;jinou složku…</translation>
    </message>
    <message>
        <source>Use the s&amp;ystem&apos;s folder</source>
        <translation>Použít &amp;systémovou složku</translation>
    </message>
    <message>
        <source>automatic (one per core)</source>
        <translation>automaticky (jedno na jádro)</translation>
    </message>
    <message>
        <source>all, when there is a GPU</source>
        <translation>všechny, pokud je k dispozici GPU</translation>
    </message>
    <message>
        <source>the Hugging Face hub (or a mirror&apos;s address)</source>
        <translation>Hugging Face Hub (nebo adresa zrcadla)</translation>
    </message>
    <message>
        <source>detect (or e.g. en, de, cs, uk)</source>
        <translation>rozpoznat (nebo např. en, de, cs, uk)</translation>
    </message>
    <message>
        <source>the system&apos;s language</source>
        <translation>jazyk systému</translation>
    </message>
    <message>
        <source>&amp;Save settings</source>
        <translation>&amp;Uložit nastavení</translation>
    </message>
    <message>
        <source>Library folder</source>
        <translation>Složka knihovny</translation>
    </message>
    <message>
        <source>In use:</source>
        <translation>Používá se:</translation>
    </message>
    <message>
        <source>Next start:</source>
        <translation>Příští spuštění:</translation>
    </message>
    <message>
        <source>Models and llama.cpp</source>
        <translation>Modely a llama.cpp</translation>
    </message>
    <message>
        <source>Default &amp;model:</source>
        <translation>Výchozí &amp;model:</translation>
    </message>
    <message>
        <source>CPU &amp;threads:</source>
        <translation>&amp;Vlákna CPU:</translation>
    </message>
    <message>
        <source>Largest &amp;context (tokens):</source>
        <translation>Největší &amp;kontext (tokeny):</translation>
    </message>
    <message>
        <source>&amp;GPU layers:</source>
        <translation>Vrstvy na &amp;GPU:</translation>
    </message>
    <message>
        <source>Model hu&amp;b address:</source>
        <translation>&amp;Adresa hubu modelů:</translation>
    </message>
    <message>
        <source>Importing</source>
        <translation>Import</translation>
    </message>
    <message>
        <source>Speech &amp;recogniser:</source>
        <translation>&amp;Rozpoznávání řeči:</translation>
    </message>
    <message>
        <source>&amp;Whisper model:</source>
        <translation>Model &amp;Whisper:</translation>
    </message>
    <message>
        <source>Language of rec&amp;ordings:</source>
        <translation>Jazyk na&amp;hrávek:</translation>
    </message>
    <message>
        <source>Largest section (to&amp;kens):</source>
        <translation>Největší oddíl (&amp;tokeny):</translation>
    </message>
    <message>
        <source>the model that comes with the app</source>
        <translation>model, který je součástí aplikace</translation>
    </message>
    <message>
        <source>multilingual</source>
        <translation>vícejazyčný</translation>
    </message>
    <message>
        <source>English only</source>
        <translation>jen angličtina</translation>
    </message>
    <message>
        <source>not installed: %1</source>
        <translation>nenainstalováno: %1</translation>
    </message>
    <message>
        <source>(but $%1 is set and wins)</source>
        <translation>(ale je nastavena proměnná $%1 a má přednost)</translation>
    </message>
    <message>
        <source>(used from the next start)</source>
        <translation>(platí od příštího spuštění)</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Rozhraní</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>Ja&amp;zyk:</translation>
    </message>
    <message>
        <source>Light or dark colours follow your system&apos;s settings.</source>
        <translation>Světlé nebo tmavé barvy se řídí nastavením systému.</translation>
    </message>
    <message>
        <source>Saved. Models loaded from now on use these settings.</source>
        <translation>Uloženo. Modely načtené od teď použijí tato nastavení.</translation>
    </message>
</context>
<context>
    <name>StudyView</name>
    <message>
        <source>me</source>
        <translation>já</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Jméno</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>Materiál</translation>
    </message>
    <message>
        <source>Due now</source>
        <translation>Na řadě teď</translation>
    </message>
    <message>
        <source>Later today</source>
        <translation>Později dnes</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>Kartičky</translation>
    </message>
    <message>
        <source>Review cards per material</source>
        <translation>Kartičky k opakování podle materiálu</translation>
    </message>
    <message>
        <source>&amp;Review due cards</source>
        <translation>Opakovat &amp;kartičky na řadě</translation>
    </message>
    <message>
        <source>&amp;Show answer (Ctrl+Enter)</source>
        <translation>&amp;Zobrazit odpověď (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation>Správná odpověď</translation>
    </message>
    <message>
        <source>&amp;1 Again</source>
        <translation>&amp;1 Znovu</translation>
    </message>
    <message>
        <source>&amp;2 Hard</source>
        <translation>&amp;2 Těžké</translation>
    </message>
    <message>
        <source>&amp;3 Good</source>
        <translation>&amp;3 Dobré</translation>
    </message>
    <message>
        <source>&amp;4 Easy</source>
        <translation>&amp;4 Snadné</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>&amp;Jméno:</translation>
    </message>
    <message>
        <source>(deleted material)</source>
        <translation>(smazaný materiál)</translation>
    </message>
    <message>
        <source>Nothing to review yet: questions you miss in a self-test or a timed test come here.</source>
        <translation>Zatím není co opakovat: otázky, které nezvládnete v sebetestování nebo v testu na čas, se objeví tady.</translation>
    </message>
    <message>
        <source>Sit a self-test</source>
        <translation>Udělat sebetestování</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) due now.</source>
        <translation>
            <numerusform>Teď je na řadě %n kartička.</numerusform>
            <numerusform>Teď jsou na řadě %n kartičky.</numerusform>
            <numerusform>Teď je na řadě %n kartiček.</numerusform>
        </translation>
    </message>
    <message>
        <source>Card %1 of %2 (%3): %4</source>
        <translation>Kartička %1 z %2 (%3): %4</translation>
    </message>
    <message>
        <source>Right answer: %1</source>
        <translation>Správná odpověď: %1</translation>
    </message>
    <message numerus="yes">
        <source>Review done: %n card(s) reviewed.</source>
        <translation>
            <numerusform>Opakování hotovo: zopakována %n kartička.</numerusform>
            <numerusform>Opakování hotovo: zopakovány %n kartičky.</numerusform>
            <numerusform>Opakování hotovo: zopakováno %n kartiček.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TripletJudging</name>
    <message>
        <source>Triplet set</source>
        <translation>Sada trojic</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Vaše jméno</translation>
    </message>
    <message>
        <source>Your name, kept with your judgments</source>
        <translation>Vaše jméno, uložené s vašimi úsudky</translation>
    </message>
    <message>
        <source>%1: odd one out</source>
        <translation>%1: nehodí se k ostatním</translation>
    </message>
    <message>
        <source>&amp;Set:</source>
        <translation>&amp;Sada:</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>&amp;Posuzovatel:</translation>
    </message>
    <message>
        <source>Which text is least like the other two? Press 1, 2 or 3.</source>
        <translation>Který text se nejméně podobá ostatním dvěma? Stiskněte 1, 2 nebo 3.</translation>
    </message>
    <message>
        <source>No triplet sets yet: `sensemaking triplets create` makes one.</source>
        <translation>Zatím žádné sady trojic: `sensemaking triplets create` jednu vytvoří.</translation>
    </message>
    <message>
        <source>Type your name to start judging.</source>
        <translation>Zadejte své jméno a začněte posuzovat.</translation>
    </message>
    <message numerus="yes">
        <source>%n triplet(s) left to judge.</source>
        <translation>
            <numerusform>Zbývá posoudit %n trojici.</numerusform>
            <numerusform>Zbývá posoudit %n trojice.</numerusform>
            <numerusform>Zbývá posoudit %n trojic.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <source>Welcome</source>
        <translation>Vítejte</translation>
    </message>
    <message>
        <source>&lt;p&gt;Sensemaking Desktop writes quizzes from your own material, on your own computer.&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Bring material in&lt;/b&gt;: a PDF, a Word or text file, a recording.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Make a quiz&lt;/b&gt;: a local model writes questions, each checked against the material.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Use it&lt;/b&gt;: test yourself, hand it out, or grade a class&apos;s answers.&lt;/li&gt;&lt;/ol&gt;</source>
        <translation>&lt;p&gt;Sensemaking Desktop vytváří kvízy z vašeho vlastního materiálu, na vašem vlastním počítači.&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Načtěte materiál&lt;/b&gt;: PDF, dokument Wordu nebo textový soubor, nahrávku.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Vytvořte kvíz&lt;/b&gt;: místní model napíše otázky a každou ověří proti materiálu.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Použijte ho&lt;/b&gt;: otestujte se, rozdejte ho nebo ohodnoťte odpovědi třídy.&lt;/li&gt;&lt;/ol&gt;</translation>
    </message>
    <message>
        <source>Models to download</source>
        <translation>Modely ke stažení</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Good for</source>
        <translation>Vhodný pro</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Ke stažení</translation>
    </message>
    <message>
        <source>Memory it needs</source>
        <translation>Potřebná paměť</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Stáhnout</translation>
    </message>
    <message>
        <source>Model server address</source>
        <translation>Adresa serveru s modely</translation>
    </message>
    <message>
        <source>Use this se&amp;rver</source>
        <translation>Použít tento se&amp;rver</translation>
    </message>
    <message>
        <source>Open the &amp;sample material</source>
        <translation>Otevřít &amp;ukázkový materiál</translation>
    </message>
    <message>
        <source>A short text about the water cycle, to make a first quiz at once.</source>
        <translation>Krátký text o koloběhu vody, ze kterého hned uděláte první kvíz.</translation>
    </message>
    <message>
        <source>S&amp;kip</source>
        <translation>&amp;Přeskočit</translation>
    </message>
    <message>
        <source>A model to write with</source>
        <translation>Model pro psaní</translation>
    </message>
    <message>
        <source>Use a model &amp;file you already have…</source>
        <translation>Použít vlastní soubor &amp;modelu…</translation>
    </message>
    <message>
        <source>Access key, if it asks for one</source>
        <translation>Přístupový klíč, pokud jej vyžaduje</translation>
    </message>
    <message>
        <source>Kept in the system&apos;s keyring, never in the library.</source>
        <translation>Uloží se do klíčenky systému, nikdy do knihovny.</translation>
    </message>
    <message>
        <source>Model server access key</source>
        <translation>Přístupový klíč serveru s modely</translation>
    </message>
    <message>
        <source>Or a model server on your network:</source>
        <translation>Nebo server s modely ve vaší síti:</translation>
    </message>
    <message>
        <source>Any server that speaks the OpenAI API: llama.cpp, vLLM, Ollama, LM Studio.</source>
        <translation>Jakýkoli server s rozhraním OpenAI API: llama.cpp, vLLM, Ollama, LM Studio.</translation>
    </message>
    <message>
        <source>Looking for models on this computer…</source>
        <translation>Hledají se modely na tomto počítači…</translation>
    </message>
    <message>
        <source>On this computer: %1. The one that comes with the app is small and quick; a larger download writes much better questions.</source>
        <translation>Na tomto počítači: %1. Model, který je součástí aplikace, je malý a rychlý; větší stažený model píše mnohem lepší otázky.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>žádný</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1 (doporučeno)</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Zjišťuji modely serveru %1…</translation>
    </message>
    <message>
        <source>Saved the server as %1 (serving %2); new quizzes are written with it.</source>
        <translation>Server uložen jako %1 (nabízí %2); nové kvízy se budou psát s ním.</translation>
    </message>
    <message>
        <source>Nothing was saved. %1</source>
        <translation>Nic nebylo uloženo. %1</translation>
    </message>
</context>
</TS>
