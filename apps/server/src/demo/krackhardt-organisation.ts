import type { DemoAnswer, DemoEmployee, DemoOrganisation, DemoQuestion, DemoUnit } from './demo-types.ts';
import { addDays, formatIsoDate, formatIsoTimestamp, parseIsoDate, yearOf, MS_PER_DAY } from './demo-dates.ts';
import { generationOf } from './demo-people.ts';
import { defaultQuestionnaire } from './demo-questionnaire.ts';

/**
 * The second demo organisation: the real network of Krackhardt, D. (1987), Cognitive social
 * structures, Social Networks 9, 109–134. Twenty-one managers of a small manufacturing firm said
 * whom they go to for advice and who their friends are; advice becomes the advice question,
 * friendship the sympathy question, and the manager column the leader tree.
 *
 * Employee keys are the data set's ids (v1 … v21), so every figure traces back to the source.
 * What the data does not hold is filled in and marked as such: names ("Manager v7"), e-mails,
 * gender (alternating by id: the data has none, and the product needs a value) and the survey
 * window. Ages and tenures are the data's, counted back from the reference date as if the survey
 * had just been run, so that generations and "works since" read as the firm's age structure.
 */
export interface KrackhardtCsvTexts {
  nodes: string;
  advice: string;
  friendship: string;
  reportsTo: string;
}

export const KRACKHARDT_ORGANISATION_KEY = 'krackhardt-hightech';
export const KRACKHARDT_ENGAGEMENT_NAME = 'Krackhardt high-tech managers (1987)';
const EMAIL_DOMAIN = 'krackhardt-hightech.example';
/** The survey closed this many days before the reference date, after three weeks open. */
const CLOSED_DAYS_BEFORE = 30;
const SURVEY_DAYS = 21;

interface KrackhardtNode {
  id: string;
  age: number;
  tenureYears: number;
  level: number;
  department: number;
  manager: string | null;
  unitHead: string;
}

export function buildKrackhardtOrganisation(csvTexts: KrackhardtCsvTexts, referenceDate: string): DemoOrganisation {
  parseIsoDate(referenceDate);
  const nodes = parseNodes(csvTexts.nodes);
  const ids = new Set(nodes.map((node) => node.id));
  const advice = parseTies(csvTexts.advice, ids, 'advice.csv');
  const friendship = parseTies(csvTexts.friendship, ids, 'friendship.csv');
  checkReportsTo(parseTies(csvTexts.reportsTo, ids, 'reports_to.csv'), nodes);

  const accessTill = addDays(referenceDate, -CLOSED_DAYS_BEFORE);
  const accessFrom = addDays(accessTill, -(SURVEY_DAYS - 1));
  const ceo = nodes.find((node) => node.manager === null);
  if (!ceo) throw new Error('nodes.csv: nobody without a manager, so no chief executive');

  const unitKey = (department: number): string => `dept-${department}`;
  const departments = [...new Set(nodes.map((node) => node.department))].sort((a, b) => a - b);
  const units: DemoUnit[] = departments.map((department) =>
    department === ceo.department
      ? { key: unitKey(department), name: 'Top management', parentKey: null, level: 0 }
      : { key: unitKey(department), name: `Department ${department}`, parentKey: unitKey(ceo.department), level: 1 },
  );

  const employees: DemoEmployee[] = nodes.map((node) => {
    const birthYear = yearOf(referenceDate) - node.age;
    return {
      key: node.id,
      name: `Manager ${node.id}`,
      email: `${node.id}@${EMAIL_DOMAIN}`,
      unitKey: unitKey(node.department),
      leaderKey: node.manager,
      gender: idNumber(node.id) % 2 === 1 ? 'female' : 'male',
      generation: generationOf(birthYear),
      entryDate: formatIsoDate(parseIsoDate(accessFrom) - Math.round(node.tenureYears * 365.25) * MS_PER_DAY),
      birthYear,
      jobTitle: node.level === 1 ? 'Chief Executive Officer' : node.level === 2 ? 'Vice President' : 'Manager',
      isUnitManager: node.unitHead === node.id,
    };
  });

  const questions: DemoQuestion[] = defaultQuestionnaire()
    .filter((question) => question.key === 'advice' || question.key === 'sympathy')
    .map((question, index) => ({ ...question, order: index + 1 }));
  const participantKeys = nodes.map((node) => node.id);
  const answers: DemoAnswer[] = [];
  participantKeys.forEach((id, index) => {
    // Spread over the window in a fixed pattern: the data has no answer times.
    const sittingAt = parseIsoDate(accessFrom) + (index % 15) * MS_PER_DAY + (9 * 60 + index * 7) * 60_000;
    answers.push(
      { employeeKey: id, questionKey: 'advice', selectedKeys: advice.get(id) ?? [], answeredAt: formatIsoTimestamp(sittingAt) },
      { employeeKey: id, questionKey: 'sympathy', selectedKeys: friendship.get(id) ?? [], answeredAt: formatIsoTimestamp(sittingAt + 90_000) },
    );
  });

  return {
    key: KRACKHARDT_ORGANISATION_KEY,
    name: 'Krackhardt high-tech firm',
    units,
    employees,
    engagements: [
      {
        key: 'krackhardt-1987',
        name: KRACKHARDT_ENGAGEMENT_NAME,
        accessFrom,
        accessTill,
        defaultLanguage: 'en',
        status: 'finished',
        questions,
        participantKeys,
        finishedKeys: [...participantKeys],
        answers,
      },
    ],
  };
}

function idNumber(id: string): number {
  return Number(id.replace(/^\D+/, ''));
}

function csvRows(text: string, file: string, header: readonly string[]): string[][] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const found = lines[0]?.split(',').map((cell) => cell.trim()) ?? [];
  if (found.join(',') !== header.join(',')) {
    throw new Error(`${file}: expected the header "${header.join(',')}", found "${found.join(',')}"`);
  }
  return lines.slice(1).map((line) => line.split(',').map((cell) => cell.trim()));
}

function parseNodes(text: string): KrackhardtNode[] {
  const rows = csvRows(text, 'nodes.csv', ['id', 'age', 'tenure_years', 'level', 'dept', 'manager', 'unit_head']);
  const nodes = rows.map((cells, row) => {
    const [id, age, tenure, level, department, manager, unitHead] = cells;
    const numbers = [Number(age), Number(tenure), Number(level), Number(department)];
    if (!id || !unitHead || numbers.some((value) => !Number.isFinite(value))) {
      throw new Error(`nodes.csv row ${row + 2}: expected id, numbers for age, tenure_years, level and dept, and a unit_head`);
    }
    return {
      id,
      age: Number(age),
      tenureYears: Number(tenure),
      level: Number(level),
      department: Number(department),
      manager: manager ? manager : null,
      unitHead,
    };
  });
  // Numeric id order (v1, v2, … v21), not text order, so that the survey lists read naturally.
  return nodes.sort((a, b) => idNumber(a.id) - idNumber(b.id));
}

/** source → the targets it nominates, in file order. */
function parseTies(text: string, ids: ReadonlySet<string>, file: string): Map<string, string[]> {
  const ties = new Map<string, string[]>();
  csvRows(text, file, ['source', 'target']).forEach(([source, target], row) => {
    if (!source || !target || !ids.has(source) || !ids.has(target)) {
      throw new Error(`${file} row ${row + 2}: both ends must be ids of nodes.csv`);
    }
    if (source === target) throw new Error(`${file} row ${row + 2}: ${source} nominates itself`);
    ties.set(source, [...(ties.get(source) ?? []), target]);
  });
  return ties;
}

/** The leader tree comes from the manager column; reports_to.csv must say the same. */
function checkReportsTo(reportsTo: Map<string, string[]>, nodes: readonly KrackhardtNode[]): void {
  for (const node of nodes) {
    const reported = reportsTo.get(node.id) ?? [];
    const expected = node.manager === null ? [] : [node.manager];
    if (reported.join(',') !== expected.join(',')) {
      throw new Error(`reports_to.csv says ${node.id} reports to [${reported.join(', ')}], nodes.csv says [${expected.join(', ')}]`);
    }
  }
}
