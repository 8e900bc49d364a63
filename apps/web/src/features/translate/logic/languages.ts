import { translateLanguage } from '@app/shared/translate-languages';

/** A language's name for display; the code itself when the list does not know it. */
export const labelOf = (code: string) => translateLanguage(code)?.label ?? code;
