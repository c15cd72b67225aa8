import { useParams } from 'react-router';
import { FullPageStatus } from '../../../components/full-page-status';

/** /ui-editor/:featureType/:featureId: the visual editor of a feature config's popup layout. */
export function UiEditorPage() {
  const { featureType = '' } = useParams();
  return <FullPageStatus busy={false}>{`Feature component for "${featureType}" not found.`}</FullPageStatus>;
}
