print("reminders-bench: nothing measured yet")
