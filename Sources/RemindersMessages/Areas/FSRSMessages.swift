/// The texts of `fsrs optimize` and the parameters line of `stats` (docs/scheduling.md#fitting-the-parameters).
public protocol FSRSMessages: Sendable {
  /// `FSRS のパラメータを復習 1234回（カード 210枚）に合わせました。予測した解答: 980回` /
  /// `FSRS parameters fitted to 1234 reviews of 210 cards (980 answers predicted)`.
  func fittedTo(reviews: Int, cards: Int, predicted: Int) -> String

  /// With few reviews only the initial stabilities were fitted:
  /// `復習が 64回に満たないため、最初の安定性 (w0〜w3) だけを合わせました。` / `Fewer than 64 reviews: only the initial stabilities (w0–w3) were fitted.`
  func onlyInitialStability(minimum: Int) -> String

  /// `合わせたパラメータ:` / `Fitted parameters:`.
  var fittedParameters: String { get }

  /// Where the parameters in use come from: `使用中: FSRS-6 の既定値` / `In use: FSRS-6's defaults`,
  /// `使用中: 2026-12-03 に合わせたもの` / `In use: fitted on 2026-12-03`, `使用中: 手で設定したもの` /
  /// `In use: set by hand`.
  func inUse(standard: Bool, fitted: String?) -> String

  /// The table's heading: `             使用中    合わせた値` / `             in use    fitted`.
  var inUseColumn: String { get }
  var fittedColumn: String { get }
  /// `対数損失` / `Log loss`.
  var logLoss: String { get }
  /// `RMSE（ビン）` / `RMSE (bins)`.
  var rmseBins: String { get }
  /// `（小さいほど予測が正確です）` / `(lower is better)`.
  var lowerIsBetter: String { get }

  /// `--apply` wrote them: `… に書き込みました: study.fsrs.parameters, study.fsrs.fitted` /
  /// `Wrote study.fsrs.parameters, study.fsrs.fitted to ….`.
  func wrote(keys: [String], to path: String) -> String
  /// `--apply` with nothing to change: `設定はすでにこの値です。` / `The config already has these parameters.`
  var alreadyApplied: String { get }
  /// Without `--apply`: `使うには --apply を付けて実行します。` / `Run again with --apply to use them.`
  var applyHint: String { get }

  /// Too little history: `FSRS を合わせるには記録が少なすぎます（…）: 使える復習 5回、8回以上必要です` /
  /// `too little history in … to fit FSRS: 5 usable reviews, at least 8 needed`.
  func tooLittleHistory(source: String, usable: Int, needed: Int) -> String

  /// `--anki` with no collection in the config: `--anki には設定の anki.collection が必要です（…）` /
  /// `--anki needs an Anki collection: set anki.collection in …`.
  func noAnkiCollection(configPath: String) -> String
  /// `--anki` when the collection cannot be read consistently now (`why`, in the Anki area's
  /// words): `Anki コレクション … の復習記録を読めません: …` / `cannot read the review log of …: …`.
  func ankiLogUnreadable(collection: String, why: String) -> String

  /// `stats` under FSRS: `FSRS のパラメータ: 既定値` / `FSRS parameters: the defaults`, `…: 2026-12-03 に合わせたもの` /
  /// `…: fitted on 2026-12-03`, `…: 手で設定したもの` / `…: set by hand`.
  func parametersLine(standard: Bool, fitted: String?) -> String
}
