import { Navigate } from 'react-router-dom';
import { BuildingPicker } from '../components/BuildingPicker';
import { gestionFr } from '../fr';
import { useConsoleMe } from '../me';

const t = gestionFr.owners;

/** Co-owners are a building's: the building is chosen first (a volunteer syndic's one at once). */
export default function OwnersPage() {
  const me = useConsoleMe().data;
  if (me?.kind === 'benevole' && me.buildings.length === 1)
    return <Navigate to={`/gestion/immeubles/${me.buildings[0].id}/coproprietaires`} replace />;
  return <BuildingPicker title={t.title} hint={t.chooseBuildingHint} segment="coproprietaires" />;
}
