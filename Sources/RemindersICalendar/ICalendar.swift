// Placeholder: the iCalendar writer lands here.
