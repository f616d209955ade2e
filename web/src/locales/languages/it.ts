// Every Italian text file of the app, by path; lib/i18n.ts merges them. A module per language: the build
// makes each a chunk of its own, so a reader fetches their language's texts, in one request, and no other.
export default import.meta.glob<Record<string, unknown>>('../../**/locales/{it,*.it}.json', {
  eager: true,
  import: 'default',
})
