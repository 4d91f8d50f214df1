// Each page loads its own view (bundle budget).
export { default } from '../views/DocumentRecherchePage';
