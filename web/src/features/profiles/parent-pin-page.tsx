import { useNavigate, useSearchParams } from 'react-router';
import { ParentPinForm } from '../../components/profiles/parent-pin-form';
import { BACK_LOCATION } from '../../lib/back-location';
import { useI18n } from '../../lib/i18n';
import { readBackLocation } from '../../lib/use-back-location';
import { useDocumentTitle } from '../../ui/use-document-title';

/**
 * The family PIN's own page (linked from account settings): the form, and on to back_location once saved when the
 * family came from "Who's listening?".
 */
export default function ParentPinPage() {
  const { t } = useI18n();
  useDocumentTitle(t('profiles.pinPageTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = params.has(BACK_LOCATION) ? readBackLocation(params) : undefined;
  return (
    <div className="page page--narrow">
      <ParentPinForm heading="h1" onSaved={back ? () => navigate(back) : undefined} />
    </div>
  );
}
