import { OwnerHome } from '../components/CoproHome';

/** Route CoproHome (/:coproId/home): 'Ma synthèse'. */
export default function SynthesePage() {
  return <OwnerHome />;
}
