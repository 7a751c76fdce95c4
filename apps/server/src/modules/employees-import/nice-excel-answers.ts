import { NICE_ANSWER_COLUMNS } from '@ona/contracts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { UploadedSheet, UploadedWorkbook } from '../uploads/plain-workbook.ts';
import { RowReader } from './cell-parsers.ts';
import type { RowErrors } from './row-errors.ts';
import { plainCellValue, type CellValue } from './sheet-table.ts';

/**
 * The answers of a nice Excel, kept as numbers (issue 34, item 5): a whole survey of 100,000 people
 * is 9.1 million nomination rows, which as e-mail strings in maps took more memory than the rest of
 * the import. People are their position in the employees sheet's rows, questions their position in
 * the question keys, so what the import keeps is a few bytes a nomination.
 */
export interface NiceAnswers {
  /** The questions sheet's keys; an answer's question is a position in it. */
  questionKeys: string[];
  /** One answer per (respondent, question): the respondent's position among the employee rows. */
  respondents: Int32Array;
  /** The answer's question, a position in questionKeys. */
  questions: Int32Array;
  /** Answer i names `nominees[starts[i]]` up to `nominees[starts[i + 1]]` (employee positions, in the file's order). */
  starts: Uint32Array;
  nominees: Int32Array;
  nominationCount: number;
}

type Problem = [MessageKey, Record<string, string | number>?];

/** A cell's value judged once for every row that holds it: the person or question it names and what is wrong with it. */
interface Judged {
  ordinal: number;
  problems: Problem[];
}

const NONE = -1;
const COLUMN = { respondent: 1, question: 2, colleague: 3 } as const;

type AnswerColumn = (typeof NICE_ANSWER_COLUMNS)[number];

/** Reads one cell with the same RowReader as every other sheet, collecting what it reports. */
function judgeCell(column: AnswerColumn, value: CellValue, read: (reader: RowReader<AnswerColumn>) => string | null, known: ReadonlyMap<string, number>, unknown: (text: string) => Problem): Judged {
  const problems: Problem[] = [];
  const collector = { add: (_sheet: string, _row: number, key: MessageKey, params?: Record<string, string | number>) => void problems.push([key, params]) };
  const cells = { respondent_email: null, question_key: null, colleague_email: null, [column]: value };
  const text = read(new RowReader(cells, collector, '', 0));
  if (text === null) return { ordinal: NONE, problems };
  const ordinal = known.get(text);
  if (ordinal === undefined) return { ordinal: NONE, problems: [...problems, unknown(text)] };
  return { ordinal, problems };
}

/** Judges each distinct value id of one column once (a respondent's e-mail appears on ~90 rows). */
function judgeOnce(workbook: UploadedWorkbook, judge: (value: CellValue) => Judged): (id: number) => Judged {
  const known = new Map<number, Judged>();
  return (id) => {
    let judged = known.get(id);
    if (!judged) {
      judged = judge(plainCellValue(workbook.valueOf(id)));
      known.set(id, judged);
    }
    return judged;
  };
}

function headerComplete(sheet: UploadedSheet, errors: RowErrors, prefix: string): boolean {
  const header = sheet.getRow(1);
  let complete = true;
  NICE_ANSWER_COLUMNS.forEach((column, i) => {
    if (plainCellValue(header.getCell(i + 1).value) === null) {
      errors.add(prefix, 1, 'survey.rows.missing_column', { column });
      complete = false;
    }
  });
  return complete;
}

/**
 * Reads the answers sheet and its continuations (`Answers (2)`, …) by position and checks every
 * row against the people and questions, reporting into `errors` as the other sheets do. Rows are
 * grouped by respondent with a counting sort (two passes over the compact sheets, a few bytes a
 * row), then by question, so a file in any row order gives the same answers.
 */
export function readNiceAnswers(workbook: UploadedWorkbook, sheets: readonly UploadedSheet[], emails: readonly (string | null)[], questionKeys: string[], errors: RowErrors): NiceAnswers {
  const personOf = new Map<string, number>();
  emails.forEach((email, i) => {
    if (email !== null && !personOf.has(email)) personOf.set(email, i);
  });
  const questionOf = new Map(questionKeys.map((key, i) => [key, i]));
  const respondentOf = judgeOnce(workbook, (value) => judgeCell('respondent_email', value, (r) => r.email('respondent_email', { required: true }), personOf, (email) => ['survey.rows.unknown_respondent', { email }]));
  const keyOf = judgeOnce(workbook, (value) => judgeCell('question_key', value, (r) => r.text('question_key', { required: true, max: 60 }), questionOf, (key) => ['survey.rows.unknown_question', { key }]));
  const colleagueOf = judgeOnce(workbook, (value) => judgeCell('colleague_email', value, (r) => r.email('colleague_email'), personOf, (email) => ['survey.rows.unknown_colleague', { email }]));

  const parts = sheets.map((sheet, part) => ({ sheet, prefix: part === 0 ? 'answers' : `answers (${part + 1})` })).filter(({ sheet, prefix }) => headerComplete(sheet, errors, prefix));
  /** Calls `take` for every row that names a known respondent and question without a problem. */
  const eachValidRow = (report: boolean, take: (respondent: number, question: number, colleague: number, rowNumber: number, part: number) => void) => {
    parts.forEach(({ sheet, prefix }, part) => {
      for (let i = 0; i < sheet.rowCount; i++) {
        const rowNumber = sheet.rowNumberAt(i);
        if (rowNumber === 1) continue;
        const ids = [sheet.valueIdAt(i, COLUMN.respondent), sheet.valueIdAt(i, COLUMN.question), sheet.valueIdAt(i, COLUMN.colleague)] as const;
        // A row with none of the three (a note in another column) is not an answer.
        if (ids[0] === 0 && ids[1] === 0 && ids[2] === 0) continue;
        const respondent = respondentOf(ids[0]);
        const question = keyOf(ids[1]);
        const colleague = ids[2] === 0 ? null : colleagueOf(ids[2]);
        const self = colleague !== null && colleague.ordinal !== NONE && colleague.ordinal === respondent.ordinal;
        const problems = respondent.problems.length + question.problems.length + (colleague?.problems.length ?? 0);
        if (problems > 0 || self) {
          if (report) {
            for (const [key, params] of [...respondent.problems, ...question.problems, ...(colleague?.problems ?? [])]) errors.add(prefix, rowNumber, key, params);
            if (self) errors.add(prefix, rowNumber, 'survey.rows.self_nomination');
          }
          continue;
        }
        take(respondent.ordinal, question.ordinal, colleague === null ? NONE : colleague.ordinal, rowNumber, part);
      }
    });
  };

  // Pass 1: rows per respondent (and every problem reported once).
  const bucketStart = new Uint32Array(emails.length + 1);
  let valid = 0;
  eachValidRow(true, (respondent) => {
    bucketStart[respondent + 1] = (bucketStart[respondent + 1] as number) + 1;
    valid++;
  });
  for (let p = 1; p <= emails.length; p++) bucketStart[p] = (bucketStart[p] as number) + (bucketStart[p - 1] as number);
  // Pass 2: each valid row into its respondent's place, in the file's order.
  const next = bucketStart.slice(0, emails.length);
  const rowQuestion = new Int32Array(valid);
  const rowColleague = new Int32Array(valid);
  const rowNumbers = new Uint32Array(valid);
  const rowPart = new Uint16Array(valid);
  eachValidRow(false, (respondent, question, colleague, rowNumber, part) => {
    const at = next[respondent] as number;
    next[respondent] = at + 1;
    rowQuestion[at] = question;
    rowColleague[at] = colleague;
    rowNumbers[at] = rowNumber;
    rowPart[at] = part;
  });

  // Pass 3: one answer per question of each respondent; the nominees are written over rowColleague,
  // never ahead of what is still to be read (an answer has no more nominees than rows).
  const respondents: number[] = [];
  const questions: number[] = [];
  const starts: number[] = [0];
  let written = 0;
  let nominationCount = 0;
  for (let respondent = 0; respondent < emails.length; respondent++) {
    const end = bucketStart[respondent + 1] as number;
    const byQuestion = new Map<number, { named: number[]; emptyRow: number; emptyPrefix: string }>();
    for (let at = bucketStart[respondent] as number; at < end; at++) {
      const question = rowQuestion[at] as number;
      const colleague = rowColleague[at] as number;
      const prefix = parts[rowPart[at] as number]?.prefix ?? 'answers';
      const rowNumber = rowNumbers[at] as number;
      let answer = byQuestion.get(question);
      if (!answer) {
        answer = { named: [], emptyRow: NONE, emptyPrefix: prefix };
        byQuestion.set(question, answer);
      }
      if (colleague === NONE) {
        // An answer that names nobody is an answer; a row saying so beside nominations is a contradiction.
        if (answer.named.length > 0) errors.add(prefix, rowNumber, 'survey.rows.empty_answer_with_nominations');
        else {
          answer.emptyRow = rowNumber;
          answer.emptyPrefix = prefix;
        }
        continue;
      }
      if (answer.emptyRow !== NONE) errors.add(answer.emptyPrefix, answer.emptyRow, 'survey.rows.empty_answer_with_nominations');
      // An answer names a handful of colleagues: looking through them costs less than a set.
      if (answer.named.includes(colleague)) {
        errors.add(prefix, rowNumber, 'survey.rows.duplicate_nomination');
        continue;
      }
      answer.named.push(colleague);
      nominationCount++;
    }
    for (const [question, { named }] of byQuestion) {
      respondents.push(respondent);
      questions.push(question);
      for (const person of named) rowColleague[written++] = person;
      starts.push(written);
    }
  }
  return {
    questionKeys,
    respondents: Int32Array.from(respondents),
    questions: Int32Array.from(questions),
    starts: Uint32Array.from(starts),
    nominees: rowColleague.subarray(0, written),
    nominationCount,
  };
}
