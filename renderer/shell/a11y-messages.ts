/** Texts of the shell's keyboard aids, in English and Korean. */
export const a11yMessages = {
  en: {
    skip_to_content: 'Skip to content',
    screens_nav: 'Screens',
  },
  ko: {
    skip_to_content: '본문으로 건너뛰기',
    screens_nav: '화면',
  },
} as const;
