import type { DemoQuestion } from './demo-types.ts';

/**
 * The default engagement questionnaire of DECISIONS.md, in survey order. Hungarian texts use the
 * formal "Ön" like every Hungarian text of the product; German uses "Sie", Russian "вы".
 */
export const DEFAULT_QUESTIONNAIRE: readonly DemoQuestion[] = [
  {
    key: 'cooperation',
    category: 'work_cooperation',
    kind: 'cooperation',
    order: 1,
    texts: {
      en: 'With whom do you work closely every week?',
      hu: 'Kivel dolgozik szorosan együtt minden héten?',
      de: 'Mit wem arbeiten Sie jede Woche eng zusammen?',
      ru: 'С кем вы тесно работаете каждую неделю?',
    },
  },
  {
    key: 'advice',
    category: 'work_info',
    kind: 'advice',
    order: 2,
    texts: {
      en: 'Whom do you ask for work-related information or advice?',
      hu: 'Kitől kér munkával kapcsolatos információt vagy tanácsot?',
      de: 'Wen fragen Sie nach arbeitsbezogenen Informationen oder um Rat?',
      ru: 'К кому вы обращаетесь за рабочей информацией или советом?',
    },
  },
  {
    key: 'expertise',
    category: 'quality_work_connection',
    kind: 'expertise',
    order: 3,
    texts: {
      en: 'Whose professional expertise do you rely on most?',
      hu: 'Kinek a szakmai tudására támaszkodik leginkább?',
      de: 'Auf wessen Fachwissen verlassen Sie sich am meisten?',
      ru: 'На чей профессиональный опыт вы больше всего полагаетесь?',
    },
  },
  {
    key: 'personal',
    category: 'trust',
    kind: 'personal',
    order: 4,
    texts: {
      en: 'Whom would you turn to with a personal problem?',
      hu: 'Kihez fordulna egy személyes problémával?',
      de: 'An wen würden Sie sich mit einem persönlichen Problem wenden?',
      ru: 'К кому вы обратились бы с личной проблемой?',
    },
  },
  {
    key: 'news',
    category: 'corporate_info',
    kind: 'corporate_news',
    order: 5,
    texts: {
      en: 'From whom do you hear what is happening in the company?',
      hu: 'Kitől hallja, mi történik a cégnél?',
      de: 'Von wem erfahren Sie, was im Unternehmen passiert?',
      ru: 'От кого вы узнаёте, что происходит в компании?',
    },
  },
  {
    key: 'attention',
    category: 'active_info',
    kind: 'attention',
    order: 6,
    texts: {
      en: 'Who keeps you informed without your having to ask?',
      hu: 'Ki tájékoztatja Önt anélkül, hogy kérdezné?',
      de: 'Wer hält Sie auf dem Laufenden, ohne dass Sie fragen müssen?',
      ru: 'Кто держит вас в курсе дел, даже если вы не спрашиваете?',
    },
  },
  {
    key: 'opinion',
    category: 'opinion',
    kind: 'opinion',
    order: 7,
    texts: {
      en: 'Whose opinion matters most to you in work decisions?',
      hu: 'Kinek a véleménye számít Önnek a legtöbbet a munkahelyi döntésekben?',
      de: 'Wessen Meinung ist Ihnen bei beruflichen Entscheidungen am wichtigsten?',
      ru: 'Чьё мнение для вас важнее всего при принятии рабочих решений?',
    },
  },
  {
    key: 'idea',
    category: 'idea',
    kind: 'idea',
    order: 8,
    texts: {
      en: 'To whom would you first take a new idea?',
      hu: 'Kinek mondaná el először egy új ötletét?',
      de: 'Wem würden Sie eine neue Idee zuerst vorstellen?',
      ru: 'К кому вы в первую очередь пошли бы с новой идеей?',
    },
  },
  {
    key: 'values',
    category: 'corporate_values',
    kind: 'values',
    order: 9,
    texts: {
      en: 'Who best represents the values of our company?',
      hu: 'Ki képviseli a legjobban a cégünk értékeit?',
      de: 'Wer verkörpert die Werte unseres Unternehmens am besten?',
      ru: 'Кто лучше всех воплощает ценности нашей компании?',
    },
  },
  {
    key: 'recognition',
    category: 'trust',
    kind: 'recognition',
    order: 10,
    texts: {
      en: 'Who recognises your work?',
      hu: 'Ki ismeri el az Ön munkáját?',
      de: 'Wer erkennt Ihre Arbeit an?',
      ru: 'Кто признаёт вашу работу?',
    },
  },
  {
    key: 'feedback',
    category: 'work_info',
    kind: 'feedback',
    order: 11,
    texts: {
      en: 'From whom do you get useful feedback on your work?',
      hu: 'Kitől kap hasznos visszajelzést a munkájáról?',
      de: 'Von wem erhalten Sie hilfreiches Feedback zu Ihrer Arbeit?',
      ru: 'От кого вы получаете полезную обратную связь о своей работе?',
    },
  },
  {
    key: 'development',
    category: 'quality_work_connection',
    kind: 'development',
    order: 12,
    texts: {
      en: 'Who helps you learn and develop?',
      hu: 'Ki segít Önnek tanulni és fejlődni?',
      de: 'Wer hilft Ihnen, zu lernen und sich weiterzuentwickeln?',
      ru: 'Кто помогает вам учиться и развиваться?',
    },
  },
  {
    key: 'sympathy',
    category: 'trust',
    kind: 'sympathy',
    order: 13,
    texts: {
      en: 'With whom do you like to spend time at work?',
      hu: 'Kivel tölt szívesen időt a munkahelyén?',
      de: 'Mit wem verbringen Sie bei der Arbeit gern Zeit?',
      ru: 'С кем вам нравится проводить время на работе?',
    },
  },
];

/** Fresh copies, so that a caller editing one engagement's questions cannot change another's. */
export function defaultQuestionnaire(): DemoQuestion[] {
  return DEFAULT_QUESTIONNAIRE.map((question) => ({ ...question, texts: { ...question.texts } }));
}
