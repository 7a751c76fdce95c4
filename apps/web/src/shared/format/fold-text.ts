// One folding for the client's own filters and the server's paged lists (@ona/contracts).
export { foldText } from '@ona/contracts';
