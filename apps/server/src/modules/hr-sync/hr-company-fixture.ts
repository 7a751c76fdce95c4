import type { THrColumnMapping } from '@ona/contracts';

/**
 * A generated company as an HR system exports it (tests and bench/hr-sync.bench.ts): a manager
 * tree of fan-out 8 (person 0 at the top), units of three levels, fixed values from the index, so
 * the same size gives the same file on every machine.
 */
export interface HrPersonRow {
  id: string;
  email: string;
  name: string;
  unit: string;
  manager: string;
  hired: string;
  left: string;
  reason: string;
  generation: string;
  gender: string;
  location: string;
  costCentre: string;
}

export const HR_HEADER = ['Employee ID', 'Work e-mail', 'Full name', 'Org path', 'Manager ID', 'Hire date', 'Termination date', 'Termination reason', 'Generation', 'Gender', 'Site', 'Cost centre'];

/** The mapping of the generated file's columns (the kind an administrator sets on the page). */
export const HR_MAPPING: THrColumnMapping = {
  columns: {
    external_id: 'Employee ID',
    email: 'Work e-mail',
    display_name: 'Full name',
    unit_path: 'Org path',
    manager_external_id: 'Manager ID',
    hire_date: 'Hire date',
    leave_date: 'Termination date',
    leave_reason: 'Termination reason',
    language: null,
    time_zone: null,
    gender: 'Gender',
    generation: 'Generation',
    location: 'Site',
  },
  attributes: [{ column: 'Cost centre', key: 'cost_centre' }],
  unit_separator: '>',
};

const GENERATIONS = ['X', 'Y', 'Z', 'boomer'];
const SITES = ['Budapest', 'Debrecen', 'Wien', 'Berlin'];

export const employeeId = (i: number) => `E${String(i).padStart(6, '0')}`;

/** Person `i` of the generated company; `unit` as the file writes it (`>` between units). */
export function companyPerson(i: number): HrPersonRow {
  return {
    id: employeeId(i),
    email: `person${i}@company.test`,
    name: `Person ${i}`,
    unit: `Company > Division ${i % 5} > Team ${i % 60}`,
    manager: i === 0 ? '' : employeeId(Math.floor((i - 1) / 8)),
    hired: `${2010 + (i % 12)}-0${1 + (i % 9)}-1${i % 10}`,
    left: '',
    reason: '',
    generation: GENERATIONS[i % 4]!,
    gender: i % 2 === 0 ? 'female' : 'male',
    location: SITES[i % 4]!,
    costCentre: `CC${i % 30}`,
  };
}

export function generateCompany(size: number): HrPersonRow[] {
  return Array.from({ length: size }, (_, i) => companyPerson(i));
}

const csvCell = (text: string) => (/[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function companyCsv(rows: readonly HrPersonRow[], separator = ','): Buffer {
  const lines = [HR_HEADER.join(separator)];
  for (const r of rows) lines.push([r.id, r.email, r.name, r.unit, r.manager, r.hired, r.left, r.reason, r.generation, r.gender, r.location, r.costCentre].map(csvCell).join(separator));
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The path the directory keeps for a generated unit. */
export const directoryUnit = (fileUnit: string) => fileUnit.split('>').map((p) => p.trim()).join(' / ');
