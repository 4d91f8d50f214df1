// Each page loads its own view: one chunk for every documents page put the others' code into
// each page's first load (bundle budget).
export { default } from '../views/DocumentChecklistPage';
