extension Japanese: FSRSMessages {
  public func fittedTo(reviews: Int, cards: Int, predicted: Int) -> String {
    "FSRS のパラメータを復習 \(reviews)回（カード \(cards)枚）に合わせました。予測した解答: \(predicted)回"
  }

  public func onlyInitialStability(minimum: Int) -> String {
    "使える復習が \(minimum)回に満たないため、最初の安定性（w0〜w3）だけを合わせました。"
  }

  public var fittedParameters: String { "合わせたパラメータ:" }

  public func inUse(standard: Bool, fitted: String?) -> String {
    "使用中: " + source(standard: standard, fitted: fitted)
  }

  public var inUseColumn: String { "使用中" }
  public var fittedColumn: String { "合わせた値" }
  public var logLoss: String { "対数損失" }
  public var rmseBins: String { "RMSE（ビン）" }
  public var lowerIsBetter: String { "（どちらも小さいほど予測が正確です）" }

  public func wrote(keys: [String], to path: String) -> String {
    "\(path) に書き込みました: \(keys.joined(separator: "、"))"
  }

  public var alreadyApplied: String { "設定はすでにこのパラメータです。" }
  public var applyHint: String { "使うには --apply を付けてもう一度実行します。" }

  public func tooLittleHistory(source: String, usable: Int, needed: Int) -> String {
    "FSRS を合わせるには \(source) の記録が少なすぎます: 使える復習は \(usable)回で、\(needed)回以上必要です（カードの前の解答より後の日の復習を数えます）"
  }

  public func noAnkiCollection(configPath: String) -> String {
    "--anki には Anki コレクションの設定が必要です: \(configPath) の anki.collection を設定してください（reminders config set anki.collection パス）"
  }

  public func ankiLogUnreadable(collection: String, why: String) -> String {
    "Anki コレクション \(collection) の復習記録を今は読めません: \(why)。少し待ってもう一度試してください"
  }

  public func parametersLine(standard: Bool, fitted: String?) -> String {
    "FSRS のパラメータ: " + source(standard: standard, fitted: fitted)
  }

  private func source(standard: Bool, fitted: String?) -> String {
    standard ? "FSRS-6 の既定値" : fitted.map { "\($0) に合わせたもの" } ?? "手で設定したもの"
  }
}
