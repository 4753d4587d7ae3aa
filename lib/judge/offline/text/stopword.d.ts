// stopword 3 ships no types; only its English list is used here.
declare module 'stopword' {
  export const eng: string[];
}
