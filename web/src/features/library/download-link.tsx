import { useI18n } from '../../lib/i18n';
import { DownloadIcon } from '../../ui/icons';

/**
 * A file the family owns, saved rather than played: an owned track's MP3
 * (file_url) or an album's ZIP (zip_url). The server answers only its owner,
 * with Content-Disposition: attachment and the file's name.
 */
export function DownloadLink({ href, label, kind }: { href: string; label: string; kind: 'track' | 'zip' }) {
  const { t } = useI18n();
  return (
    <a href={href} download className="download-link" aria-label={label}>
      <DownloadIcon className="icon--small" />
      {t(kind === 'zip' ? 'library.downloadZip' : 'library.download')}
    </a>
  );
}
