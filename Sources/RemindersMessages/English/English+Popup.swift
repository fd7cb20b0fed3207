extension English: PopupMessages {}
