import type { DemoLeadershipDimension, DemoLeadershipItem, DemoQuestionTexts } from './demo-types.ts';

/**
 * The default 360 block (DECISIONS.md, "The 360 block"): leadership behaviour items, each asking
 * "Which leaders …?" and answered by choosing leaders. Items per dimension as the spec: trust 5,
 * respect 5, openness 3, improvement 7, communication 5, problem_solving 6, connection_with_leader 2.
 * As in the questionnaire, Hungarian uses the formal "Ön", German "Sie", Russian "вы".
 */
const TEXTS: Record<DemoLeadershipDimension, readonly DemoQuestionTexts[]> = {
  trust: [
    {
      en: 'Which leaders keep their promises?',
      hu: 'Mely vezetők tartják be az ígéreteiket?',
      de: 'Welche Führungskräfte halten ihre Versprechen?',
      ru: 'Какие руководители выполняют свои обещания?',
    },
    {
      en: 'Which leaders would you trust with confidential information?',
      hu: 'Mely vezetőkre bízna rá bizalmas információt?',
      de: 'Welchen Führungskräften würden Sie vertrauliche Informationen anvertrauen?',
      ru: 'Каким руководителям вы доверили бы конфиденциальную информацию?',
    },
    {
      en: 'Which leaders stand up for their team when things go wrong?',
      hu: 'Mely vezetők állnak ki a csapatukért, ha valami rosszul sül el?',
      de: 'Welche Führungskräfte stellen sich vor ihr Team, wenn etwas schiefgeht?',
      ru: 'Какие руководители заступаются за свою команду, когда что-то идёт не так?',
    },
    {
      en: 'Which leaders act in line with what they say?',
      hu: 'Mely vezetők cselekszenek összhangban azzal, amit mondanak?',
      de: 'Welche Führungskräfte handeln im Einklang mit dem, was sie sagen?',
      ru: 'Какие руководители поступают в соответствии со своими словами?',
    },
    {
      en: 'Which leaders openly admit their own mistakes?',
      hu: 'Mely vezetők ismerik el nyíltan a saját hibáikat?',
      de: 'Welche Führungskräfte geben ihre eigenen Fehler offen zu?',
      ru: 'Какие руководители открыто признают свои ошибки?',
    },
  ],
  respect: [
    {
      en: 'Which leaders treat everyone with respect, whatever their position?',
      hu: 'Mely vezetők bánnak mindenkivel tisztelettel, beosztástól függetlenül?',
      de: 'Welche Führungskräfte behandeln alle mit Respekt, unabhängig von ihrer Position?',
      ru: 'Какие руководители относятся ко всем с уважением независимо от должности?',
    },
    {
      en: 'Which leaders recognise good work in front of others?',
      hu: 'Mely vezetők ismerik el a jó munkát mások előtt is?',
      de: 'Welche Führungskräfte würdigen gute Arbeit auch vor anderen?',
      ru: 'Какие руководители отмечают хорошую работу при других?',
    },
    {
      en: 'Which leaders listen to you without interrupting?',
      hu: 'Mely vezetők hallgatnak meg anélkül, hogy félbeszakítanának?',
      de: 'Welche Führungskräfte hören Ihnen zu, ohne Sie zu unterbrechen?',
      ru: 'Какие руководители выслушивают вас, не перебивая?',
    },
    {
      en: 'Which leaders respect your time and workload?',
      hu: 'Mely vezetők tisztelik az Ön idejét és munkaterhelését?',
      de: 'Welche Führungskräfte respektieren Ihre Zeit und Ihre Arbeitsbelastung?',
      ru: 'Какие руководители уважают ваше время и вашу загруженность?',
    },
    {
      en: 'Which leaders give criticism fairly and in private?',
      hu: 'Mely vezetők fogalmazzák meg a kritikát igazságosan és négyszemközt?',
      de: 'Welche Führungskräfte äußern Kritik fair und unter vier Augen?',
      ru: 'Какие руководители высказывают критику справедливо и наедине?',
    },
  ],
  openness: [
    {
      en: 'Which leaders are open to ideas that differ from their own?',
      hu: 'Mely vezetők nyitottak a sajátjuktól eltérő ötletekre?',
      de: 'Welche Führungskräfte sind offen für Ideen, die von ihren eigenen abweichen?',
      ru: 'Какие руководители открыты для идей, отличающихся от их собственных?',
    },
    {
      en: 'Which leaders welcome bad news without blaming the messenger?',
      hu: 'Mely vezetők fogadják a rossz híreket anélkül, hogy a hírhozót hibáztatnák?',
      de: 'Welche Führungskräfte nehmen schlechte Nachrichten an, ohne dem Überbringer die Schuld zu geben?',
      ru: 'Какие руководители принимают плохие новости, не обвиняя того, кто их принёс?',
    },
    {
      en: 'Which leaders ask for feedback on their own work?',
      hu: 'Mely vezetők kérnek visszajelzést a saját munkájukról?',
      de: 'Welche Führungskräfte bitten um Rückmeldung zu ihrer eigenen Arbeit?',
      ru: 'Какие руководители просят обратную связь о своей работе?',
    },
  ],
  improvement: [
    {
      en: 'Which leaders help you develop your skills?',
      hu: 'Mely vezetők segítenek az Ön készségeinek fejlesztésében?',
      de: 'Welche Führungskräfte helfen Ihnen, Ihre Fähigkeiten weiterzuentwickeln?',
      ru: 'Какие руководители помогают вам развивать ваши навыки?',
    },
    {
      en: 'Which leaders give you regular, useful feedback?',
      hu: 'Mely vezetők adnak Önnek rendszeresen hasznos visszajelzést?',
      de: 'Welche Führungskräfte geben Ihnen regelmäßig hilfreiches Feedback?',
      ru: 'Какие руководители регулярно дают вам полезную обратную связь?',
    },
    {
      en: 'Which leaders encourage you to try new ways of working?',
      hu: 'Mely vezetők bátorítanak új munkamódszerek kipróbálására?',
      de: 'Welche Führungskräfte ermutigen Sie, neue Arbeitsweisen auszuprobieren?',
      ru: 'Какие руководители поощряют вас пробовать новые способы работы?',
    },
    {
      en: 'Which leaders talk with you about your career goals?',
      hu: 'Mely vezetők beszélgetnek Önnel a karriercéljairól?',
      de: 'Welche Führungskräfte sprechen mit Ihnen über Ihre beruflichen Ziele?',
      ru: 'Какие руководители обсуждают с вами ваши карьерные цели?',
    },
    {
      en: 'Which leaders give you tasks that stretch your abilities?',
      hu: 'Mely vezetők adnak olyan feladatokat, amelyek próbára teszik az Ön képességeit?',
      de: 'Welche Führungskräfte übertragen Ihnen Aufgaben, die Sie fordern und fördern?',
      ru: 'Какие руководители дают вам задачи, которые требуют от вас большего?',
    },
    {
      en: 'Which leaders treat mistakes as a chance to learn?',
      hu: 'Mely vezetők tekintenek a hibákra tanulási lehetőségként?',
      de: 'Welche Führungskräfte sehen Fehler als Gelegenheit zum Lernen?',
      ru: 'Какие руководители воспринимают ошибки как возможность научиться?',
    },
    {
      en: 'Which leaders keep improving the way their team works?',
      hu: 'Mely vezetők fejlesztik folyamatosan a csapatuk működését?',
      de: 'Welche Führungskräfte verbessern laufend die Arbeitsweise ihres Teams?',
      ru: 'Какие руководители постоянно совершенствуют работу своей команды?',
    },
  ],
  communication: [
    {
      en: 'Which leaders make clear what is expected of you?',
      hu: 'Mely vezetők fogalmazzák meg világosan, mit várnak Öntől?',
      de: 'Welche Führungskräfte machen klar, was von Ihnen erwartet wird?',
      ru: 'Какие руководители ясно дают понять, чего от вас ожидают?',
    },
    {
      en: 'Which leaders keep you informed about decisions that affect your work?',
      hu: 'Mely vezetők tájékoztatják Önt a munkáját érintő döntésekről?',
      de: 'Welche Führungskräfte informieren Sie über Entscheidungen, die Ihre Arbeit betreffen?',
      ru: 'Какие руководители сообщают вам о решениях, которые касаются вашей работы?',
    },
    {
      en: 'Which leaders explain the reasons behind their decisions?',
      hu: 'Mely vezetők magyarázzák el a döntéseik hátterét?',
      de: 'Welche Führungskräfte erläutern die Gründe für ihre Entscheidungen?',
      ru: 'Какие руководители объясняют причины своих решений?',
    },
    {
      en: 'Which leaders are easy to reach when you need them?',
      hu: 'Mely vezetők érhetők el könnyen, amikor szüksége van rájuk?',
      de: 'Welche Führungskräfte sind gut erreichbar, wenn Sie sie brauchen?',
      ru: 'С какими руководителями легко связаться, когда они вам нужны?',
    },
    {
      en: "Which leaders share the company's plans and direction with their team?",
      hu: 'Mely vezetők osztják meg a csapatukkal a cég terveit és irányát?',
      de: 'Welche Führungskräfte teilen die Pläne und die Ausrichtung des Unternehmens mit ihrem Team?',
      ru: 'Какие руководители делятся со своей командой планами и направлением развития компании?',
    },
  ],
  problem_solving: [
    {
      en: 'Which leaders help clear obstacles out of your way?',
      hu: 'Mely vezetők segítenek elhárítani az akadályokat a munkája útjából?',
      de: 'Welche Führungskräfte helfen Ihnen, Hindernisse aus dem Weg zu räumen?',
      ru: 'Какие руководители помогают устранять препятствия в вашей работе?',
    },
    {
      en: 'Which leaders make decisions in time?',
      hu: 'Mely vezetők hoznak időben döntéseket?',
      de: 'Welche Führungskräfte treffen Entscheidungen rechtzeitig?',
      ru: 'Какие руководители принимают решения вовремя?',
    },
    {
      en: 'Which leaders stay calm and focused under pressure?',
      hu: 'Mely vezetők maradnak nyugodtak és összpontosítottak nyomás alatt is?',
      de: 'Welche Führungskräfte bleiben unter Druck ruhig und konzentriert?',
      ru: 'Какие руководители сохраняют спокойствие и сосредоточенность под давлением?',
    },
    {
      en: 'Which leaders resolve conflicts fairly?',
      hu: 'Mely vezetők oldják meg igazságosan a konfliktusokat?',
      de: 'Welche Führungskräfte lösen Konflikte fair?',
      ru: 'Какие руководители справедливо разрешают конфликты?',
    },
    {
      en: 'Which leaders involve the team in finding solutions?',
      hu: 'Mely vezetők vonják be a csapatot a megoldások keresésébe?',
      de: 'Welche Führungskräfte beziehen das Team in die Suche nach Lösungen ein?',
      ru: 'Какие руководители вовлекают команду в поиск решений?',
    },
    {
      en: 'Which leaders set clear priorities when there is too much to do?',
      hu: 'Mely vezetők jelölnek ki egyértelmű prioritásokat, amikor túl sok a feladat?',
      de: 'Welche Führungskräfte setzen klare Prioritäten, wenn zu viel zu tun ist?',
      ru: 'Какие руководители расставляют чёткие приоритеты, когда задач слишком много?',
    },
  ],
  connection_with_leader: [
    {
      en: 'Which leaders would you like to keep working with?',
      hu: 'Mely vezetőkkel szeretne továbbra is együtt dolgozni?',
      de: 'Mit welchen Führungskräften möchten Sie weiterhin zusammenarbeiten?',
      ru: 'С какими руководителями вы хотели бы и дальше работать?',
    },
    {
      en: 'Which leaders would you turn to with a personal concern at work?',
      hu: 'Mely vezetőkhöz fordulna egy munkahelyi személyes gondjával?',
      de: 'An welche Führungskräfte würden Sie sich mit einem persönlichen Anliegen bei der Arbeit wenden?',
      ru: 'К каким руководителям вы обратились бы с личной проблемой на работе?',
    },
  ],
};

/** The dimensions in the order of the spec, which is also the order of the block in the survey. */
export const LEADERSHIP_DIMENSIONS: readonly DemoLeadershipDimension[] = [
  'trust',
  'respect',
  'openness',
  'improvement',
  'communication',
  'problem_solving',
  'connection_with_leader',
];

/** The 33 default leadership items in survey order; keys are the dimension and a 1-based number. */
export const DEFAULT_LEADERSHIP_ITEMS: readonly DemoLeadershipItem[] = LEADERSHIP_DIMENSIONS.flatMap((dimension) =>
  TEXTS[dimension].map((texts, i) => ({ dimension, number: i + 1, texts })),
).map(({ dimension, number, texts }, i) => ({ key: `${dimension}-${number}`, dimension, order: i + 1, texts }));

/** A fresh copy, so that no caller can change the defaults. */
export function defaultLeadershipItems(): DemoLeadershipItem[] {
  return DEFAULT_LEADERSHIP_ITEMS.map((item) => ({ ...item, texts: { ...item.texts } }));
}
