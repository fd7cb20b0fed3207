extension Japanese: HelpMessages {}
