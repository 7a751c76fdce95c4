/**
 * What the demo company does: divisions with their departments and the job titles of the people
 * who work there. The order puts the functions every company has first, so that the default
 * demo of about 320 people reads like a real mid-sized firm.
 */
export interface BusinessFunction {
  division: string;
  departments: readonly string[];
  jobTitles: readonly string[];
}

export const BUSINESS_FUNCTIONS: readonly BusinessFunction[] = [
  {
    division: 'Customer Service',
    departments: ['Customer Support', 'Service Desk', 'Customer Success', 'Complaints Handling', 'Quality Assurance'],
    jobTitles: ['Customer Support Agent', 'Service Desk Analyst', 'Customer Success Manager', 'Complaints Officer', 'Quality Specialist'],
  },
  {
    division: 'Technology',
    departments: ['Software Development', 'IT Operations', 'Data & Analytics', 'Information Security', 'Product Management'],
    jobTitles: ['Software Engineer', 'QA Engineer', 'System Administrator', 'Data Analyst', 'Security Engineer', 'Product Owner'],
  },
  {
    division: 'Sales',
    departments: ['Key Account Management', 'Inside Sales', 'Sales Operations', 'Partner Sales', 'Field Sales'],
    jobTitles: ['Account Manager', 'Sales Representative', 'Sales Analyst', 'Business Development Manager', 'Sales Coordinator'],
  },
  {
    division: 'Finance',
    departments: ['Accounting', 'Controlling', 'Treasury', 'Payroll', 'Tax'],
    jobTitles: ['Accountant', 'Financial Analyst', 'Controller', 'Payroll Specialist', 'Tax Specialist', 'Accounts Payable Clerk'],
  },
  {
    division: 'Operations',
    departments: ['Logistics', 'Procurement', 'Production Planning', 'Facility Management', 'Warehouse'],
    jobTitles: ['Logistics Coordinator', 'Buyer', 'Production Planner', 'Facility Coordinator', 'Warehouse Operator', 'Operations Analyst'],
  },
  {
    division: 'People & Culture',
    departments: ['Recruitment', 'Learning & Development', 'HR Business Partners', 'Compensation & Benefits', 'HR Administration'],
    jobTitles: ['Recruiter', 'HR Generalist', 'Trainer', 'HR Business Partner', 'Compensation Analyst', 'HR Administrator'],
  },
  {
    division: 'Marketing',
    departments: ['Brand & Communication', 'Digital Marketing', 'Product Marketing', 'Market Research', 'Events'],
    jobTitles: ['Marketing Specialist', 'Content Writer', 'Campaign Manager', 'Market Researcher', 'Graphic Designer'],
  },
  {
    division: 'Legal & Compliance',
    departments: ['Legal', 'Compliance', 'Risk Management', 'Data Protection'],
    jobTitles: ['Legal Counsel', 'Compliance Officer', 'Risk Analyst', 'Paralegal'],
  },
  {
    division: 'Research & Development',
    departments: ['Product Research', 'Engineering', 'Testing Lab', 'Innovation'],
    jobTitles: ['Research Engineer', 'Lab Technician', 'Test Engineer', 'Innovation Manager'],
  },
  {
    division: 'Manufacturing',
    departments: ['Assembly', 'Maintenance', 'Quality Control', 'Production Engineering'],
    jobTitles: ['Production Operator', 'Maintenance Technician', 'Quality Inspector', 'Process Engineer'],
  },
];

/** Team sites: teams are named after the office they sit in ("Customer Support – Team Budapest"). */
export const TEAM_SITES: readonly string[] = [
  'Budapest', 'Debrecen', 'Szeged', 'Pécs', 'Győr', 'Vienna', 'Miskolc', 'Berlin', 'Kecskemét',
  'London', 'Székesfehérvár', 'Prague', 'Nyíregyháza', 'Bratislava', 'Veszprém', 'Warsaw',
];

/** Regions, used only when a large organisation needs a level between departments and teams. */
export const AREAS: readonly string[] = ['North', 'South', 'East', 'West', 'Central', 'International'];

const ROMAN = ['', '', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

/**
 * The index-th distinct name from a list: the list itself, then "Name II", "Name III", …, then
 * "Name 11", "Name 12" …, so that any number of units gets unique, readable names.
 */
export function nthName(names: readonly string[], index: number): string {
  const base = names[index % names.length] ?? 'Unit';
  const round = Math.floor(index / names.length) + 1;
  if (round === 1) return base;
  return `${base}${ROMAN[round] ?? ` ${round}`}`;
}
