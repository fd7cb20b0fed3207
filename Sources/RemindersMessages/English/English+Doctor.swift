extension English: DoctorMessages {}
