// Scaffold: the documents schemas of the documents feature (request, response, messages).
export {};
