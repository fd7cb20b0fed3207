// The `reminders` executable: every command is RemindersCommands'; this file only enters it.
import RemindersCommands

Entry.main()
