// Scaffold: the requests schemas of the documents feature (request, response, messages).
export {};
