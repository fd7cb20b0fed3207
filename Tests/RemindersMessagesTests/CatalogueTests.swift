import RemindersMessages
import Testing

/// The catalogues: one per language, chosen by the caller.
@Suite struct CatalogueTests {
  @Test func eachLanguageHasItsCatalogue() {
    #expect(Language.ja.catalogue is Japanese)
    #expect(Language.en.catalogue is English)
  }

}
