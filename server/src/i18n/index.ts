import type { LangCode } from '@storyhouse/contracts';
import { type Catalog, createTranslator, type Translate } from '@storyhouse/i18n';
import en from '@storyhouse/i18n/catalogs/en.json' with { type: 'json' };
import es from '@storyhouse/i18n/catalogs/es.json' with { type: 'json' };
import ru from '@storyhouse/i18n/catalogs/ru.json' with { type: 'json' };

/** Server-side translators for every language (errors, page titles, e-mails). */
export const translators: Record<LangCode, Translate> = {
  en: createTranslator('en', en as Catalog),
  es: createTranslator('es', es as Catalog),
  ru: createTranslator('ru', ru as Catalog),
};
