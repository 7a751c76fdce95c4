import Bowser from 'bowser';

/** "Firefox 128 on Linux": what a person recognises of their own browser in the sessions list. */
export function summariseDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = parsed.os.name ?? '';
  if (browser && system) return `${browser} on ${system}`.slice(0, 200);
  return (browser || system || userAgent).slice(0, 200);
}
