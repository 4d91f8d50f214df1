import { PreviewHome } from '../components/CoproHome';

/** Route SyndicPreviewHome (/syndic-preview/:coproId/home?spt=…): 'Ma synthèse', read-only. */
export default function SyndicPreviewHomePage() {
  return <PreviewHome />;
}
