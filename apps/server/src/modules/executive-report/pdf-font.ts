import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * PDF's built-in Helvetica covers only Latin-1 (no ő, ű or Cyrillic), so the report embeds DejaVu
 * Sans, shipped with the project by the `dejavu-fonts-ttf` package; system fonts are the fallback,
 * and Helvetica with transliteration the last resort.
 */
const shipped = (file: string): string => {
  try {
    return createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
  } catch {
    return '';
  }
};
const REGULAR_CANDIDATES = [
  shipped('DejaVuSans.ttf'),
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/liberation/LiberationSans-Regular.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
];
const BOLD_CANDIDATES = [
  shipped('DejaVuSans-Bold.ttf'),
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/liberation/LiberationSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  'C:\\Windows\\Fonts\\arialbd.ttf',
];

export interface PdfFonts {
  regular: string;
  bold: string;
  /** True when the fonts are PDF built-ins and texts must be brought into Latin-1. */
  builtIn: boolean;
}

let cached: PdfFonts | undefined;

export function findPdfFonts(): PdfFonts {
  if (cached) return cached;
  const regular = REGULAR_CANDIDATES.find((path) => path !== '' && existsSync(path));
  const bold = BOLD_CANDIDATES.find((path) => path !== '' && existsSync(path));
  cached = regular ? { regular, bold: bold ?? regular, builtIn: false } : { regular: 'Helvetica', bold: 'Helvetica-Bold', builtIn: true };
  return cached;
}

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
  у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** Latin-1 approximation of a text for the built-in fonts (ő → ö, Cyrillic transliterated). */
export function toLatin1(text: string): string {
  let out = '';
  for (const ch of text.replace(/[őŐűŰ–—’“”]/g, (c) => ({ ő: 'ö', Ő: 'Ö', ű: 'ü', Ű: 'Ü', '–': '-', '—': '-', '’': "'", '“': '"', '”': '"' })[c] ?? c)) {
    const lower = ch.toLowerCase();
    const mapped = CYRILLIC[lower];
    if (mapped !== undefined) out += ch === lower ? mapped : mapped.charAt(0).toUpperCase() + mapped.slice(1);
    else out += ch.charCodeAt(0) <= 0xff ? ch : '?';
  }
  return out;
}
