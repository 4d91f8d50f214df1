import { Navigate } from 'react-router-dom';
import { BuildingPicker } from '../components/BuildingPicker';
import { boardFr as t } from '../frBoard';
import { useConsoleMe } from '../me';

/** Signalements are a building's: the building is chosen first (a volunteer syndic's one at once). */
export default function SignalementsPage() {
  const me = useConsoleMe().data;
  if (me?.kind === 'benevole' && me.buildings.length === 1)
    return <Navigate to={`/gestion/immeubles/${me.buildings[0].id}/signalements`} replace />;
  return <BuildingPicker title={t.title} hint={t.chooseBuildingHint} segment="signalements" />;
}
