import RemindersMessages
import Testing

/// The catalogues: one per language, chosen by the caller.
@Suite struct CatalogueTests {
  @Test func eachLanguageHasItsCatalogue() {
    #expect(Language.ja.words is Japanese)
    #expect(Language.en.words is English)
  }

}
