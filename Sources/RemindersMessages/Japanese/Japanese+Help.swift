extension Japanese: HelpMessages {
  public func abstract(_ command: HelpCommand) -> String {
    switch command {
    case .reminders: "デスクトップのリマインダーで、単語カードの復習を習慣として続けます。"
    case .preview: "`run` が届けるはずのリマインダーをすべて表示します。送信も書き込みもしません。"
    case .run: "いま期日になっていて、まだ届けていないものを届け、記録します。"
    case .watch: "`run` が出したポップアップを見守り、画面に残っている毎日のポップアップをその場で更新できるようにします。"
    case .export: "予定しているリマインダーを、カレンダーアプリ向けの iCalendar フィードに書き出します。"
    case .doctor: "reminders から見えるものを表示します: バス、通知サーバー、おやすみモード、タイマー、ファイル。"
    case .status: "今日の枚数、連続日数、待っている思い出し項目、次のリマインダーを表示します。"
    case .review, .reviewUnderFSRS: "いま期日のカードを学習し、続けて時間になった思い出し項目を確かめます。"
    case .snooze: "届けたリマインダーを後でもう一度出します（既定: 最後のポップアップを snooze.after 後に）。"
    case .stats: "学習のヒートマップを表示します: 日ごとの解答枚数、連続日数、集中した分数、今後の予定。"
    case .cards: "単語カードを追加・一覧・解答・管理します。"
    case .cardsAdd: "カードを追加します（今日が期日）。ID を表示します。裏を省くと辞書の候補から選べます。"
    case .lookup: "オフラインの和英辞書で単語を引きます: カードの裏の候補を表示します。"
    case .calendar: "CalDAV カレンダーを予定と一致させ、スマートフォンや別のコンピューターでも通知されるようにします。"
    case .calendarSync: "CalDAV カレンダーをいま予定と一致させます。作成・更新・削除したものを表示します。"
    case .calendarStatus: "CalDAV カレンダーの状態を表示します: 書き込んだ予定、最後の同期、問題。"
    case .fsrs: "FSRS（study.scheduler = \"fsrs\" のスケジューラ）: パラメータをあなた自身の記録に合わせます。"
    case .fsrsOptimize:
      "FSRS の 21 個のパラメータを復習の記録に合わせます（Anki の「最適化」と同じ）。--apply で設定に書き込みます。"
    case .cardsList: "カードを一覧表示します。"
    case .cardsAnswer: "解答を記録します: 正解なら段階が上がり、不正解なら明日からやり直します。"
    case .cardsEdit: "カードの表・裏・コレクション・メモを変更します。"
    case .cardsRemove: "カードと、その未完了の思い出し項目を削除します。"
    case .cardsSuspend: "カードを停止します: 再開するまで期日にならず、数えられません。"
    case .cardsUnsuspend: "停止中のカードを再開します。段階はそのまま残ります。"
    case .cardsImport: "UTF-8 の TSV か CSV ファイルのカードを追加します（全部か、何も追加しないか）。"
    case .recall: "話題を思い出すよう知らせてもらう項目を作り、管理します。"
    case .recallAdd: "思い出し項目を追加します。ID を表示します。"
    case .recallList: "未完了の思い出し項目を、早い順に一覧表示します。"
    case .recallDone: "思い出し項目を完了にします。もう知らせません。"
    case .recallRemove: "思い出し項目を削除します。"
    case .timer: "`reminders run` を毎分起動する systemd ユーザータイマーを、入れる・外す・確かめます。"
    case .timerInstall: "ユニットを書き、タイマーと見守りサービスを有効にして起動します（できないときは手順を表示します）。"
    case .timerUninstall: "タイマーと見守りサービスを止めて無効にし、`timer install` が書いたユニットを削除します。"
    case .timerStatus: "タイマーが入っているか、有効か、動いているか、次の起動時刻、見守りサービスの状態を表示します。"
    case .config: "設定ファイルの設定を表示・変更します。"
    case .configPath: "設定ファイルのパスを表示します。"
    case .configShow: "すべての設定と、その値、その由来を表示します。"
    case .configSet: "設定ファイルの設定を 1 つ変えます（先に確かめます）。ほかの行とコメントはそのままです。"
    case .configUnset: "設定ファイルから設定を 1 つ取り除きます: 既定値に戻ります。"
    case .timerPrintUnit: "ユニット（サービス、タイマー、見守りサービス）の内容を、`timer install` が書くとおりに表示します。"
    case .focus: "集中セッションを始めます: 集中と休憩を繰り返し、区切りごとにポップアップを出します。"
    case .focusStatus: "集中セッションの状況を表示します: 段階、残り時間、回数。"
    case .focusStop: "集中セッションを終えます（いまの集中が 1 分以上続いていれば記録します）。"
    case .alarm: "止めるまで鳴り、決めた場所でしか止められないアラーム。"
    case .alarmAdd: "場所つきのアラームを設定します（どこからでも設定でき、位置情報は要りません）。"
    case .alarmList: "アラームを一覧表示します: 時刻、曜日、場所、半径、状態、次に鳴る時刻。"
    case .alarmStop: "鳴っているアラームを止めます。その場所の半径内でだけ止められます。"
    case .alarmEdit: "アラームを変更します。その場所の半径内でだけ変更できます。"
    case .alarmDelete: "アラームを削除します。その場所の半径内でだけ削除できます。"
    }
  }

  public func discussion(_ command: HelpCommand) -> String {
    switch command {
    case .reminders:
      "デッキを読み、いつ知らせて何と言うかを決め、すべてのポップアップを許された時間内に収めます。何が起きるかは `reminders preview` で正確に確かめられます。"
    case .preview:
      "いまから毎分 `reminders run` を起動したときに、いまから今日+N 日の始まりまでに届くものを一覧表示します: 時刻、種類、タイトル、ずらした理由。すでに届けたものも考えに入れます。"
    case .run:
      "ポップアップはセッションバスの org.freedesktop.Notifications に送ります。表示できないときは、リマインダーを代わりのカレンダーファイルに書きます。どのリマインダーも届けるのは 1 回までです。"
    case .watch:
      "ポップアップの操作にも応えます: 「今すぐ復習」は端末で `reminders review` を起動し（設定 review.terminal、なければ最初に見つかった端末）、「スヌーズ」は snooze.after 後にリマインダーをもう一度出します。セッションバスがなくなるまで動き続けます。`timer install` が有効にする reminders-watch.service ユーザーユニットが動かし続けます。バスモニターとして NotificationClosed と通知サーバーの交代を聞き、画面から消えたポップアップを記録に残します。これが動いている間、`run` は枚数が変わると今日の毎日のポップアップをその場で置き換えます（カードが残っていなければ閉じます）。動いていなければ、`run` は一度出したポップアップに手を触れません。見守るバスがない（またはなくなった）ときは終了コード 69、バスが監視を許さないときは 77、同じ状態フォルダーで別の watch が動いているときは 75 で終わります。"
    case .export:
      "イベントは、同じ時点で `preview --days N` が表示するリマインダーそのものです。UID は書き出しごとに変わらないので、購読しているカレンダーは重複せずに更新されます。既定の出力先: $XDG_DATA_HOME/reminders/reminders.ics。"
    case .doctor:
      "最後に判定を 1 行で示します。ポップアップが届くときは終了コード 0、カレンダーファイルに切り替わるか `run` がファイルで止まるときは 1 です。デスクトップは `run` と同じように調べ、何も書きません。"
    case .status:
      "ファイルだけを読み（バスには触れません）、`run` と同じ予定のキャッシュを使うので、届けるものがないときの run と同じくらい速く動きます。次のリマインダーは `preview` が最初に表示するものです。"
    case .review:
      "最も期日を過ぎたカードから、続いて思い出し項目を出します。カードはまず表を見せ、空行（Enter）で裏を見せます。y（または 1）で覚えていた、n（または 2）で忘れた、u で直前の解答を取り消し、s で飛ばし、q で終わり、? でキーの一覧を表示します。思い出し項目では思い出せたかを尋ね、y で完了、n で recall.after_wrong 後にもう一度尋ねます。どの解答も次のカードを見せる前に保存します。端末では全画面で表示します（Space か Enter で裏を表示、y/1/→ で覚えていた、n/2/← で忘れた、q・Esc・Ctrl-C で終了）。--plain を付けたときや入力が端末でないときは、標準出力に 1 行ずつ問いかけ、標準入力から 1 行ずつ答えを読みます。スクリーンリーダーやスクリプトから使えます。"
    case .reviewUnderFSRS:
      "最も期日を過ぎたカードから、続いて思い出し項目を出します。カードはまず表を見せ、空行（Enter）で裏を見せます。続けて FSRS の評価で答えます: 1 でもう一度、2 で難しい、3 で正解、4 で簡単（y は正解、n はもう一度）。u で直前の解答を取り消し、s で飛ばし、q で終わり、? でキーの一覧を表示します。思い出し項目では思い出せたかを尋ね、y で完了、n で recall.after_wrong 後にもう一度尋ねます。どの解答も次のカードを見せる前に保存します。端末では全画面で表示します（Space か Enter で裏を表示、1〜4 で評価、y/→ で正解、n/← でもう一度、q・Esc・Ctrl-C で終了）。--plain を付けたときや入力が端末でないときは、標準出力に 1 行ずつ問いかけ、標準入力から 1 行ずつ答えを読みます。スクリーンリーダーやスクリプトから使えます。"
    case .snooze:
      "リマインダーは 1 回だけ戻ってきます。ほかのリマインダーと同じく、時間帯・静かな時間・おやすみモードでずれます（理由 `snoozed`）。`preview` に表示されます。毎日のリマインダーは自分の日のうち、カードが期日の間だけ戻り、そのときの枚数を伝えます。思い出しのリマインダーは、項目のどれかが未完了の間だけ戻ります。ポップアップがまだ画面にあれば閉じます。"
    case .stats:
      "曜日ごとの 7 行（月曜始まり）× 今日で終わる N 週を、日付は日付の区切りのタイムゾーンで並べ、各日の濃さはその日に解答したカードの枚数で示し、凡例を付けます。続いて、解答した枚数と覚えていた割合、学習した日数、現在と最長の連続日数、集中した分数、今後 7 日の各日に期日になるカードの枚数を示します。ファイルを読むだけです。"
    case .cardsAnswer:
      "不正解のときは、`recall.after_wrong` 後にカードの表を思い出す項目も追加し、そのリマインダーが実際に出る時刻を表示します。"
    case .cardsEdit:
      "--collection \"\" や --note \"\" のように空にすると消えます。カードの段階はそのまま残ります。"
    case .cardsRemove: "解答は復習の記録に残ります（連続日数に数えます）。"
    case .cardsAdd:
      "裏（BACK）を省くと、表を辞書（dictionary.path、Debian の edict）で引きます。端末では候補を番号で選ぶか、裏を自分で入力します。端末でなければ --pick N で N 番目を選び、指定がなければ候補を表示して終了コード 64 で終わります。活用した語（食べた）は辞書形（食べる）になり、読みはメモに入ります。"
    case .lookup:
      "日本語の語には英語の意味を、英語の語には日本語の語と読みを表示します。よく使う語が先で、最大 cards.candidates 件（1〜5）です。活用した語は辞書形で引きます。最初の検索でキャッシュフォルダに索引を作り（数秒）、以降は数ミリ秒です。辞書がなければ終了コード 69 です。"
    case .calendar:
      "設定の [calendar] でカレンダーを指定します（url、username、password_command、ca_file、days）。`run` は配信の後でカレンダーを予定と一致させます: リマインダー 1件につきアラーム付きの予定 1件で、`export` と同じものです。配信済みのリマインダーの予定は 7日間残ります。自分が書き込んでいない予定には決して触れません。"
    case .calendarSync:
      "カレンダーの一覧を読み、予定と違うものを書き込みます（サーバーが最後に書いたものを保っている場合のみ）。サーバーに接続できないときは終了コード 69、ユーザー名またはパスワードが拒否されたときは 77 です。"
    case .calendarStatus: "ファイルを読むだけで、リクエストは送りません。"
    case .fsrsOptimize:
      "合わせたパラメータ、使った復習とカードの数、いまのパラメータと合わせたパラメータがどれだけ解答を予測できるか（対数損失とビンの RMSE: 小さいほど良い）を表示します。復習は、そのカードの前の解答より後の日のものを数えます。記録が少なすぎるときは終了コード 65 で、何も書き込みません。--apply は study.fsrs.parameters と study.fsrs.fitted を `config set` と同じように書き込みます（コメントは残ります）。どちらのスケジューラでも使えます。"
    case .cardsImport:
      "1 行に 1 枚: 表、裏、省略できるコレクション。見出し行（front/back か 表/裏）で列を名付けられ（collection/コレクション、note/メモ も）、順番も自由です。デッキに表・裏・コレクションが同じカードがすでにあれば飛ばします。.csv ファイルは CSV（RFC 4180 の引用）、ほかはタブを含めば TSV として読みます。"
    case .recallAdd:
      "--in には時間の長さ（90s、10m、3h、1h30m、2d）を指定します。--at には、オフセット付きの RFC 3339 の時刻、日付の区切りのタイムゾーンでの YYYY-MM-DDTHH:MM、または HH:MM（その時計が次にその時刻を示すとき）を指定します。"
    case .timer:
      "ユニットは $XDG_CONFIG_HOME/systemd/user に、このプログラムの絶対パスで置きます（reminders.service、reminders.timer、そして画面のポップアップを見守る `reminders watch` を動かす reminders-watch.service）。"
    case .timerInstall:
      "ユーザーマネージャーに届くときは `systemctl --user daemon-reload` と `systemctl --user enable --now reminders.timer reminders-watch.service` を実行します。もう一度実行しても何も変わりません。プログラムを移したあとは、ユニットを書き直します。指定した共通オプションは `reminders run` と `reminders watch` に引き継ぎます。"
    case .timerUninstall: "`timer install` が書いたのではない同名のユニットは、そのまま残します。"
    case .timerPrintUnit:
      "パッケージ作成向け: `reminders timer print-unit service --exec /usr/bin/reminders`。`timer uninstall` が自分の書いたユニットを見分ける最初の行は含めません。"
    case .focus:
      "端末ではセッションを全画面で表示します（p で一時停止と再開、q で終了）。--detach を付けると開始してすぐ戻り、区切りごとのお知らせは `reminders run` が出します。分には小数も使えます（0.1 は 6 秒）。"
    case .alarm:
      "アラームは、時間帯・静かな時間・おやすみモード・集中にかかわらず、日付の区切りのタイムゾーンでその時刻に鳴ります（毎分の `reminders run` が鳴らします）。重要なポップアップとして出て、閉じても 1 分以内にまた出ます。音は繰り返し鳴ります（設定 alarm.sound）。止める・変更する・削除するのは、その場所の半径内でだけできます。これらのコマンドは、まずシステムバスの GeoClue2 に現在地を尋ねます（最長 alarm.location_timeout）。その場所にいないときは終了コード 77、位置情報が届かないときは 69 で終わります。"
    case .alarmAdd:
      "--days の曜日に繰り返し、--date の日に 1 回、どちらもなければ次に時計が --at を示すときに 1 回鳴ります。ID を表示します。GeoClue2 にまったく届かない環境では追加しません（終了コード 69）: 止められないアラームになるからです。"
    case .alarmList:
      "現在地からの距離は、手元に位置情報があるとき（最後に場所を確かめたときのもので、15 分以内のもの）だけ表示します。GeoClue を待つことはありません。"
    case .alarmStop:
      "ID がなければ、いま鳴っているアラームを止めます。まず GeoClue2 に現在地を尋ねます: その場所にいない（または位置情報が粗すぎて分からない）ときは終了コード 77、位置情報が届かないときは 69 で終わります。"
    case .alarmEdit:
      "基準になる場所と半径は、変更前のアラームのものです。まず GeoClue2 に現在地を尋ねます: その場所にいないときは終了コード 77、位置情報が届かないときは 69 で終わります。"
    case .alarmDelete:
      "まず GeoClue2 に現在地を尋ねます: その場所にいないときは終了コード 77、位置情報が届かないときは 69 で終わります。鳴っている途中なら止まります。"
    case .configSet:
      "VALUE はキーに合わせて書きます: 文字列はそのまま（daily.time 19:00）、true か false、数、コンマで区切るリスト（quiet.hours 12:00-13:00,22:00-07:00）、空白で区切るコマンド（review.terminal \"xterm -e\"）、または TOML（[\"a\", \"b\"]）。書き込む前にファイル全体を確かめます: 値が正しくなければ終了コード 64 で、ファイルはそのままです。"
    case .cards, .cardsList, .cardsSuspend, .cardsUnsuspend, .recall, .recallList, .recallDone,
      .recallRemove, .timerStatus, .focusStatus, .focusStop, .config, .configPath, .configShow, .configUnset,
      .fsrs:
      ""
    }
  }

  public func help(_ item: HelpItem) -> String {
    switch item {
    case .config: "設定ファイル（既定: $XDG_CONFIG_HOME/reminders/config.toml）。"
    case .deck: "デッキのファイル（既定: $XDG_DATA_HOME/reminders/deck.json）。"
    case .stateDir: "状態フォルダー（既定: $XDG_STATE_HOME/reminders）。"
    case .lang: "表示の言語: ja か en（既定: 設定の `language`）。"
    case .now:
      "動作の基準にする時刻。2026-11-21T23:59（日付の区切りのタイムゾーン）か、オフセット付きの RFC 3339（2026-11-21T23:59:00+09:00）。既定: 時計。"
    case .jsonObject: "JSON オブジェクト 1 つで出力します。"
    case .jsonInsteadOfText: "文章の代わりに JSON オブジェクト 1 つで出力します。"
    case .jsonInsteadOfTable: "表の代わりに JSON オブジェクト 1 つで出力します。"
    case .jsonCards: "カードの JSON 配列で出力します。"
    case .jsonRecalls: "項目の JSON 配列で出力します。"
    case .jsonStats: "文章の代わりに JSON オブジェクト 1 つ（数値と日ごとの系列）で出力します。"
    case .cardFront: "問題の面（表）。"
    case .cardBack: "答えの面（裏）。省くと辞書の候補から選びます。"
    case .cardPick: "裏を省いたとき: 辞書の候補の N 番目を選びます。"
    case .lookupWord: "日本語または英語の単語。"
    case .calendarDryRun: "同期で何が変わるかを表示するだけで、何も書き込みません。"
    case .fsrsApply: "合わせたパラメータを設定ファイルに書き込みます。"
    case .fsrsAnki: "設定の anki.collection の Anki コレクションの復習記録に合わせます（読むだけ）。"
    case .cardCollection: "名前を付けたグループ（例 TOEIC）。"
    case .cardNote: "答えと一緒に表示するメモ。"
    case .cardTag: "タグ（繰り返すと複数）。"
    case .settingKey: "設定のキー（例 daily.time。一覧は reminders config show）。"
    case .settingValue: "新しい値。"
    case .moveWindow: "daily.time か daily.again が時間帯の外のとき: window.start か window.end を動かして含めます。"
    case .cardDuplicate: "同じコレクションに同じ表のカードがあっても追加します。"
    case .cardID: "カードの ID、または 4 文字以上の一意な先頭部分。"
    case .listDue: "今日が期日のカードだけ。"
    case .onlyCollection: "このコレクションのカードだけ。"
    case .answerResult:
      "correct（正解）か wrong（不正解）、または FSRS の評価 again・hard・good・easy。大文字小文字は問いません。"
    case .editFront: "新しい問題の面（表）。"
    case .editBack: "新しい答えの面（裏）。"
    case .editCollection: "新しいコレクション。\"\" で消します。"
    case .editNote: "新しいメモ。\"\" で消します。"
    case .importFile: "読み込むファイル。"
    case .importCollection: "コレクションを書いていない行のコレクション。"
    case .recallID: "項目の ID、または 4 文字以上の一意な先頭部分。"
    case .recallTopic: "思い出すこと。"
    case .recallIn: "この長さの後に。"
    case .recallAt: "この時刻に。"
    case .recallNote: "話題と一緒に表示するメモ。"
    case .previewDays: "表示する日数。今日を含みます（1〜3660）。"
    case .exportDays: "書き出す日数。今日を含みます（1〜3660）。"
    case .exportOutput: "フィードの書き出し先。- で標準出力。"
    case .snoozeID: "リマインダーの ID（`preview --json` や記録に出るもの）。"
    case .snoozeFor: "どれだけ後か（例 10m、1h30m）。"
    case .statsWeeks: "ヒートマップに表示する週数。今週を含みます（1〜260）。"
    case .statsSVG: "ヒートマップを単体の SVG 画像としてこのパスにも書きます。- なら文章の代わりに画像を出力します。"
    case .timerUnit: "どのユニットか。"
    case .timerExec: "ExecStart に書くプログラム（既定: このプログラム）。"
    case .reviewLimit: "この枚数で終えます。"
    case .reviewShuffle: "カードを混ぜます。"
    case .reviewPlain: "端末でも 1 行ずつ問いかけ、1 行ずつ答えます（スクリーンリーダー、スクリプト向け）。"
    case .reviewRecalls: "時間になった思い出し項目だけ（思い出しのポップアップの操作が開くもの）。"
    case .focusMinutes: "集中する分数（既定: 設定 focus.minutes、25）。"
    case .focusBreak: "休憩の分数（既定: 設定 focus.break、5）。"
    case .focusLongBreak: "長い休憩の分数（既定: 設定 focus.long_break、15）。"
    case .focusEvery: "集中を n 回終えるごとに長い休憩を入れます（既定: 設定 focus.long_every、4）。"
    case .focusCycles: "集中を n 回で終えます（既定: 止めるまで続けます）。"
    case .focusTask: "取り組む作業（集中の記録に残します）。"
    case .focusDetach: "セッションを始めてすぐ戻ります。ポップアップは `reminders run` が出します。"
    case .alarmAt: "鳴る時刻（日付の区切りのタイムゾーンで）。"
    case .alarmPlace: "止められる場所: 10 進数の緯度,経度（例 35.681236,139.767125）。"
    case .alarmRadius: "止められる場所からの距離（メートル、既定 100）。"
    case .alarmDays: "毎週鳴る曜日: mon,tue,wed,thu,fri,sat,sun。"
    case .alarmDate: "1 回だけ鳴る日。"
    case .alarmName: "アラームの用件（ポップアップのタイトル）。"
    case .alarmID: "アラームの ID（または 4 文字以上の一意な先頭部分）。"
    case .alarmNewName: "新しい名前。"
    case .alarmEnable: "また鳴るようにします。"
    case .alarmDisable: "鳴らないようにします（鳴っている途中なら止まります）。"
    }
  }

  public func problem(_ problem: OptionProblem) -> String {
    switch problem {
    case .lang(let value): "--lang には ja か en を指定します（'\(value)' ではなく）"
    case .emptyPath(let option, let folder): "\(option) には\(folder ? "フォルダー" : "ファイル")のパスを指定します（空ではなく）"
    case .now(let value):
      "--now には 2026-11-21T23:59（日付の区切りのタイムゾーン）か 2026-11-21T23:59:00+09:00 のような時刻を指定します（'\(value)' ではなく）"
    case .planDays: "--days には 1 から 3660 までの整数を指定します"
    case .weeks: "--weeks には 1 から 260 までの整数を指定します"
    case .svgAndJSON: "--svg - と --json はどちらも標準出力に書くため、一緒には使えません"
    case .limit: "--limit には 1 以上の整数を指定します"
    case .focusMinutes(let option, let value): "\(option) には 0 より大きく 1440 以下の分数を指定します（\(value) ではなく）"
    case .atLeastOne(let option): "\(option) には 1 以上の整数を指定します"
    case .snoozeFor(let value): "--for には 10m、1h、1h30m のような時間の長さを指定します（'\(value)' ではなく）"
    case .recallIn(let value): "--in には 10m、3h、1h30m のような時間の長さを指定します（'\(value)' ではなく）"
    case .recallAt(let value):
      "--at には 2026-11-21T15:00:00+09:00、2026-11-21T15:00、15:00 のような時刻を指定します（'\(value)' ではなく）"
    case .recallInOrAt: "--in と --at のどちらか一方だけを指定してください"
    case .emptyTopic: "TOPIC（思い出すこと）を空にはできません"
    case .emptyFront: "FRONT（表）を空にはできません"
    case .emptyBack: "BACK（裏）を空にはできません"
    case .answer(let value):
      "答えは 'correct' か 'wrong'、または評価 'again'・'hard'・'good'・'easy' です（'\(value)' ではなく）"
    case .nothingToEdit: "変更する項目を指定してください: --front、--back、--collection、--note"
    case .alarmAt(let value): "--at には 00:00 から 23:59 までの時刻 HH:MM を指定します（'\(value)' ではなく）"
    case .alarmPlace(let value):
      "--place には 10 進数の緯度,経度（-90〜90、-180〜180）を指定します。例 35.681236,139.767125（'\(value)' ではなく）"
    case .alarmRadius(let value): "--radius には 1 から 100000 までのメートル数を指定します（\(value) ではなく）"
    case .alarmDays(let value): "--days には mon,tue,fri のような曜日を 1 回ずつ指定します（'\(value)' ではなく）"
    case .alarmDate(let value): "--date には日付 YYYY-MM-DD を指定します（'\(value)' ではなく）"
    case .daysAndDate: "--days と --date は一緒には指定できません"
    case .alarmNameMissing: "アラームには名前が必要です"
    case .alarmAtRequired: "--at HH:MM を指定してください"
    case .alarmPlaceRequired: "--place 緯度,経度 を指定してください"
    case .enableAndDisable: "--enable と --disable は一緒には指定できません"
    case .emptyAlarmName: "--name には名前を指定します（空ではなく）"
    case .nothingToChange:
      "変更する項目がありません: --name、--at、--place、--radius、--days、--date、--enable、--disable のどれかを指定してください"
    }
  }

  public var overviewHeading: String { "概要:" }
  public var usageHeading: String { "使い方:" }
  public var argumentsHeading: String { "引数:" }
  public var optionsHeading: String { "オプション:" }
  public var subcommandsHeading: String { "サブコマンド:" }
  public func detailedHelp(_ command: String) -> String { "サブコマンドの詳しい説明は '\(command)' で表示します。" }
  public var showHelp: String { "この説明を表示します。" }
  public var showVersion: String { "バージョンを表示します。" }
  public var defaultValueLabel: String { "(既定値:" }
  public var valuesLabel: String { "(値:" }

  public func unknownOption(_ name: String, suggestion: String?) -> String {
    guard let suggestion else { return "不明なオプションです: '\(name)'" }
    return "不明なオプションです: '\(name)'（'\(suggestion)' のことですか？）"
  }

  public func unknownCommand(_ name: String, suggestion: String?) -> String {
    guard let suggestion else { return "不明なコマンドです: '\(name)'" }
    return "不明なコマンドです: '\(name)'（'\(suggestion)' のことですか？）"
  }

  public func missingValue(_ option: String) -> String { "'\(option)' に値がありません" }

  public func valueNotTaken(_ option: String, value: String) -> String {
    "オプション '\(option)' は値をとりません（'\(value)' が指定されました）"
  }

  public func unexpectedArguments(_ values: [String]) -> String {
    let quoted = values.map { "'\($0)'" }.joined(separator: "、")
    return values.count == 1 ? "余分な引数です: \(quoted)" : "余分な引数が \(values.count) 個あります: \(quoted)"
  }

  public func missingArguments(_ names: [String]) -> String {
    names.count == 1
      ? "必要な引数がありません: '\(names[0])'"
      : "次のどれかを指定してください: " + names.map { "'\($0)'" }.joined(separator: "、")
  }

  public func invalidValue(_ value: String, target: String?, allowed: [String], detail: String?) -> String {
    var text = target.map { "'\($0)' の値 '\(value)' を読み取れません" } ?? "値 '\(value)' を読み取れません"
    if let detail { text += "（\(detail)）" }
    if !allowed.isEmpty { text += "（" + allowed.map { "'\($0)'" }.joined(separator: "、") + " のどれかを指定します）" }
    return text
  }

  public func invalidOption(_ text: String) -> String { "オプションとして正しくありません: \(text)" }
  public var missingSubcommand: String { "サブコマンドを指定してください。" }

  public func duplicateValue(_ duplicate: String, previous: String) -> String {
    "\(duplicate) の値は \(previous) ですでに指定されています"
  }

  public func parserMessage(_ text: String) -> String { "コマンドラインを解釈できません: \(text)" }
}
