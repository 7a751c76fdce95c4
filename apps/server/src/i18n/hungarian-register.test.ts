import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEADERSHIP_ITEMS } from '../demo/demo-leadership-items.ts';
import { DEFAULT_QUESTIONNAIRE } from '../demo/demo-questionnaire.ts';
import { hungarianLocaleFiles, localeTexts } from './hungarian-locale-texts.ts';

/**
 * Hungarian texts address the reader in one register, the formal "Ön" (magázás). These forms are
 * informal ("te", tegezés) whatever their context: second person singular pronouns, verbs,
 * imperatives and possessives that have no formal reading. Forms that are also formal or mean
 * something else ("vagy" is "or" as well as "you are") are left out, so a hit is always a mistake.
 */
const INFORMAL_FORMS = [
  // pronouns
  'te', 'téged', 'neked', 'veled', 'tőled', 'rólad', 'hozzád', 'nálad', 'belőled', 'benned', 'rád', 'rajtad', 'érted',
  'számodra', 'általad', 'magad', 'magadat', 'magadnak',
  // imperatives
  'add hozzá', 'add meg', 'add tovább', 'adj', 'állítsd', 'csatlakozz', 'döntsd', 'ellenőrizd', 'engedd', 'értsd',
  'fedezd', 'fogadd', 'fordulj', 'futtasd', 'futtass', 'hagyd', 'használd', 'hívd', 'hozz', 'importálj', 'indítsd',
  'írd', 'írj', 'javítsd', 'jelentkezz', 'jelöld', 'kattints', 'keress', 'kérj', 'kezdj', 'koppints', 'kövesd',
  'küldj', 'lásd', 'mentsd', 'nézd', 'nézz', 'nyisd', 'ossz', 'oszd', 'próbáld', 'próbálj', 'sorold', 'térképezd',
  'tölts', 'töltsd', 'válassz', 'válaszd', 'várj', 'vegyél',
  // verbs in the second person singular
  'abbahagyhatod', 'abbahagytad', 'adsz', 'befejezted', 'bezárhatod', 'bíznál', 'biztos vagy benne', 'csatlakozhatsz',
  'csatlakoznál', 'cselekedhetsz', 'dolgozol', 'elakadtál', 'elfelejtetted', 'elküldöd', 'érzed', 'észreveheted',
  'felsorolhatod', 'feltérképezheted', 'folytathatod', 'fordulnál', 'fordulsz', 'hallod', 'hoztál', 'jelezd', 'kapsz',
  'kérdeznéd', 'keresel', 'kereshetsz', 'kérsz', 'kijelentkeztél', 'láthatod', 'láthatsz', 'látod', 'meghívd',
  'megnyithatnál', 'mondanád', 'olvashatod', 'osztottál', 'szánsz', 'szántál', 'szeretnéd', 'szeretnél', 'szűrhetsz',
  'támaszkodsz', 'töltesz', 'tudod', 'tudsz', 'válaszoltál', 'választasz', 'választhatsz', 'választottál', 'vársz',
  'veszel', 'vinnél', 'voltál',
  // possessives of the second person singular
  'adataid', 'címed', 'címeddel', 'egységed', 'eszedbe', 'felhasználóid', 'felméréseid', 'fiókod', 'fiókodhoz',
  'helyed', 'hozzáférésed', 'idődet', 'jelszavad', 'jelszavadat', 'jogosultságod', 'karriercéljaidról',
  'képességeidet', 'készségeid', 'kódod', 'kollégáid', 'módosításaid', 'munkád', 'munkádat', 'munkádról',
  'munkahelyeden', 'munkameneted', 'munkaterhelésed', 'munkaterhelésedet', 'neved', 'ötletedet', 'problémád',
  'riportjaid', 'riportod', 'riportodat', 'sajátjaid', 'sajátodat', 'szervezeted', 'szükséged', 'válaszaid',
  'válaszaidat', 'válaszaidból', 'válaszod', 'válaszodat', 'választásaid', 'vezetőd',
  // "we … you" with an informal object
  'meghívunk', 'üdvözlünk',
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const INFORMAL = new RegExp(`(?<![\\p{L}\\p{N}])(?:${INFORMAL_FORMS.map((form) => form.split(' ').map(escape).join('\\s+')).join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** The informal forms in a text, lower-cased. */
function informalForms(text: string): string[] {
  return [...text.matchAll(INFORMAL)].map((match) => match[0].toLowerCase().replace(/\s+/g, ' '));
}

const hungarianFiles = hungarianLocaleFiles();
/** The public site's Hungarian Markdown: blog posts and privacy notices (content/site). */
const siteContent = join(import.meta.dirname, '../../../../content/site');
const hungarianMarkdown = readdirSync(siteContent, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.hu.md') || /(^|[/\\])hu[/\\][^/\\]+\.md$/.test(f))
  .map((f) => join(siteContent, f));

describe('Hungarian texts', () => {
  it('find the informal forms and let the formal ones pass', () => {
    expect(informalForms('Válaszd ki, melyik szervezetben szeretnél dolgozni.')).toEqual(['válaszd', 'szeretnél']);
    expect(informalForms('Add  meg az e-mail-címed, és próbáld újra. Lásd neked is.')).toEqual(['add meg', 'címed', 'próbáld', 'lásd', 'neked']);
    expect(informalForms('Válassza ki, melyik szervezetben szeretne dolgozni. Kérjük, adja meg az e-mail-címét, és próbálja újra.')).toEqual([]);
    expect(informalForms('Név vagy egység; a kódot az e-mailben kapta, Önnek szól.')).toEqual([]);
  });

  it('of the server and the web client are all in the formal "Ön" register', () => {
    expect(hungarianFiles.length).toBeGreaterThan(25);
    const found = hungarianFiles.flatMap((file) =>
      localeTexts(file)
        .map(([path, text]) => [path, informalForms(text)] as const)
        .filter(([, forms]) => forms.length > 0),
    );
    expect(found).toEqual([]);
  });

  it('of the public site, its pages, posts and privacy notices, are formal too', () => {
    expect(hungarianMarkdown.length).toBeGreaterThan(3);
    const found = hungarianMarkdown.map((file) => [file.slice(file.indexOf('/content/') + 1), informalForms(readFileSync(file, 'utf8'))] as const).filter(([, forms]) => forms.length > 0);
    expect(found).toEqual([]);
  });

  it('of the default questionnaire and the default 360 items are formal too', () => {
    const questions = [...DEFAULT_QUESTIONNAIRE, ...DEFAULT_LEADERSHIP_ITEMS].map((q) => [q.key, q.texts.hu] as const);
    expect(questions.length).toBeGreaterThan(40);
    expect(questions.filter(([, text]) => informalForms(text).length > 0)).toEqual([]);
  });
});
