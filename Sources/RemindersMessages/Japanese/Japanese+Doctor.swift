extension Japanese: DoctorMessages {}
