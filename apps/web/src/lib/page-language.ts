/**
 * The language the page is shown in (`<html lang>`, set by the i18n provider; decision 0042), sent as
 * `Accept-Language` on the app's requests so that a code or link the server sends is written in the language the
 * person was reading. Empty before the provider has chosen (the browser's own header then applies).
 */
export function pageLanguageHeaders(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'accept-language': lang } : {};
}
