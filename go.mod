module github.com/strictscope/strictscope

go 1.26

require (
	github.com/go-json-experiment/json v1.27.2
	go.yaml.in/yaml/v3 v3.0.6
)

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	golang.org/x/text v0.14.0 // indirect
)
