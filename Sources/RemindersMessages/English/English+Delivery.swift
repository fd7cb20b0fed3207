extension English: DeliveryMessages {}
