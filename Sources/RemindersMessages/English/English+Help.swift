extension English: HelpMessages {}
