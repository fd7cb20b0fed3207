import Foundation

/// A deck with cards due today in two collections (one of them new: never answered), one due
/// tomorrow, and two recall items.
public let fixtureDeck = """
  {"version": 1,
   "cards": [
    {"id": "11111111-0000-4000-8000-000000000001", "front": "食べる", "back": "to eat", "collection": "JLPT", "tags": [], "stepIndex": 1, "nextReviewDate": "2026-11-20", "createdAt": "2026-11-01T09:00:00+09:00"},
    {"id": "11111111-0000-4000-8000-000000000002", "front": "invoice", "back": "請求書", "collection": "TOEIC", "tags": [], "stepIndex": 0, "nextReviewDate": "2026-11-21", "createdAt": "2026-11-01T09:00:00+09:00"},
    {"id": "11111111-0000-4000-8000-000000000003", "front": "飲む", "back": "to drink", "collection": "JLPT", "tags": [], "stepIndex": 2, "nextReviewDate": "2026-11-22", "createdAt": "2026-11-01T09:00:00+09:00"}
   ],
   "recalls": [
    {"id": "r-1", "topic": "〜てしまう", "dueAt": "2026-11-21T12:15:00+09:00"},
    {"id": "r-2", "topic": "は vs が", "dueAt": "2026-11-21T12:20:00+09:00"}
   ],
   "reviewLog": [
    {"cardId": "11111111-0000-4000-8000-000000000001", "at": "2026-11-19T08:10:00+09:00", "correct": true},
    {"cardId": "11111111-0000-4000-8000-000000000001", "at": "2026-11-20T08:10:00+09:00", "correct": true}
   ]}
  """

public let tokyoConfig = """
  [time]
  zone = "Asia/Tokyo"
  [quiet]
  hours = ["12:00-13:00"]
  """
