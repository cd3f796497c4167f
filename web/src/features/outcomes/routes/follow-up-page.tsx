import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { FollowUpList } from '../components/follow-up-list.tsx';

/** /follow-up: every patient due for follow-up, a page at a time (docs/product-rules.md#outcomes). */
export function Component() {
  const { t } = useTranslation();
  const { isAdmin } = useCurrentUser();
  return (
    <>
      <PageHeader title={t('pages.followUp')} />
      <FollowUpList isAdmin={isAdmin} />
    </>
  );
}
