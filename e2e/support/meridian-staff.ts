/**
 * The 30 people of the end-to-end customer, "Meridian Logistics": a chief executive, three heads of
 * department and their teams, as an administrator would type them into the employees template.
 */
export type TStaffMember = {
  name: string;
  email: string;
  unit: string;
  leader_email: string | null;
  gender: 'female' | 'male';
  generation: 'x' | 'y' | 'z' | 'bb';
  entry_date: string;
  job_title: string;
};

const PEOPLE: readonly [string, 'female' | 'male'][] = [
  ['Hanna Lindqvist', 'female'], ['Tamás Orbán', 'male'], ['Greta Vogel', 'female'], ['Ilya Petrov', 'male'],
  ['Zsófia Németh', 'female'], ['Lukas Berger', 'male'], ['Anna Horváth', 'female'], ['Milan Novák', 'male'],
  ['Eszter Szabó', 'female'], ['Jonas Keller', 'male'], ['Olga Ivanova', 'female'], ['Bence Tóth', 'male'],
  ['Clara Weiss', 'female'], ['Dmitri Sokolov', 'male'], ['Réka Farkas', 'female'], ['Felix Wagner', 'male'],
  ['Nóra Kiss', 'female'], ['Pavel Kuznetsov', 'male'], ['Lena Fischer', 'female'], ['Ádám Varga', 'male'],
  ['Marta Schulz', 'female'], ['Viktor Balogh', 'male'], ['Irina Volkova', 'female'], ['Gergő Molnár', 'male'],
  ['Sophie Richter', 'female'], ['Nikolai Orlov', 'male'], ['Dóra Takács', 'female'], ['Paul Hoffmann', 'male'],
  ['Katalin Juhász', 'female'], ['Erik Braun', 'male'],
];
const GENERATIONS = ['x', 'y', 'z', 'bb'] as const;
const DEPARTMENTS = ['Sales', 'Operations', 'Finance'] as const;

const emailOf = (name: string) =>
  `${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, '.')}@meridian.example`;

export function meridianStaff(): TStaffMember[] {
  return PEOPLE.map(([name, gender], index) => {
    // 0 leads everyone; 1, 2, 3 head the departments; the rest join the departments in turn.
    const department = index === 0 ? null : DEPARTMENTS[(index - 1) % 3]!;
    const head = index <= 3 ? PEOPLE[0]![0] : PEOPLE[1 + ((index - 1) % 3)]![0];
    return {
      name,
      email: emailOf(name),
      unit: department ?? 'Management',
      leader_email: index === 0 ? null : emailOf(head),
      gender,
      generation: GENERATIONS[index % 4]!,
      entry_date: `20${String(10 + (index % 15)).padStart(2, '0')}-0${1 + (index % 9)}-15`,
      job_title: index === 0 ? 'Chief executive' : index <= 3 ? `Head of ${department}` : `${department} specialist`,
    };
  });
}
