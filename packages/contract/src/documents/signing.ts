// Scaffold: the signing schemas of the documents feature (request, response, messages).
export {};
