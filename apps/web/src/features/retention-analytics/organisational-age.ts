/** The tenure buckets live in contracts: the server's datasheet filter reads them too. */
export { ORGANISATIONAL_AGES, monthsBetween, organisationalAge, type TOrganisationalAge } from '@ona/contracts';
