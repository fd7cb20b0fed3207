extension Japanese: DeliveryMessages {}
