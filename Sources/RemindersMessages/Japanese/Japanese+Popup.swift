extension Japanese: PopupMessages {}
