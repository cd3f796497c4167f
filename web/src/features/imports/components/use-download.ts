import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';

/** A file fetched on a click (the template, a report): waiting while it comes, a toast if it fails. */
export function useDownload(download: () => Promise<void>) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const start = () => {
    setLoading(true);
    download()
      .catch((failed: unknown) =>
        notify('error', t('imports.downloadFailed'), serverMessage(failed, t('notify.default'))),
      )
      .finally(() => setLoading(false));
  };
  return { start, loading };
}
