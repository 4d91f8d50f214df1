import { GroupsPage } from '../components/GroupsPage';
import { frDocs as t } from '../fr';
import { useCoproDocuments, useDocRecord } from '../queries';

/** 'Ceux de la copropriétés' (SPEC §2.7): groups, bank statements by month, AG documents by year. */
export default function DocumentCoproprietePage() {
  const { record, isLoading } = useDocRecord();
  const q = useCoproDocuments(record?.coproprietes[0]?.id);
  return <GroupsPage title={t.titles.copropriete} recordLoading={isLoading} q={q} />;
}
