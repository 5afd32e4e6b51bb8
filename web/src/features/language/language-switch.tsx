import { LANGUAGE_NAMES, LANGUAGES } from '@deedwatch/rules';
import { UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useLanguage } from './use-language';

/**
 * One button naming the other language in itself ("Español" on the English site), marked with
 * that language so a screen reader pronounces it right. Its visible text is its whole name.
 */
export function LanguageSwitch({
  style,
  onSwitch,
}: {
  style?: CSSProperties;
  onSwitch?: () => void;
}) {
  const { language, choose } = useLanguage();
  const other = LANGUAGES.find((l) => l !== language) ?? 'en';
  return (
    <UnstyledButton
      lang={other}
      style={style}
      onClick={() => {
        onSwitch?.();
        void choose(other);
      }}
    >
      {LANGUAGE_NAMES[other]}
    </UnstyledButton>
  );
}
