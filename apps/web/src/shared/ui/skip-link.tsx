import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** Where the skip link leads: the page's <main>, focusable by script (tabIndex -1). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the keyboard on every page with a header (WCAG 2.4.1, bypass blocks): hidden
 * until focused, it jumps past the navigation to the page's main content.
 */
export function SkipLink() {
  const { t } = useTranslation('accessibility');
  return (
    <a className={classes.skip} href={`#${MAIN_CONTENT_ID}`} data-testid="skip-link">
      {t('skipToContent')}
    </a>
  );
}
